/// The stable identifier of a tip, such as `CustomizeLayoutTip`.
///
/// Identifiers are the names the Feels app gives its tips; they appear unchanged on D-Bus and in the datastore.
public struct TipID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identifier as text.
    public let rawValue: String

    /// Creates an identifier from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The identifier as text.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    public static func < (lhs: TipID, rhs: TipID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension TipID {
    /// "Personalize Your Experience", in the Customize tab.
    public static let customizeLayout: TipID = "CustomizeLayoutTip"
    /// "Discover AI Insights", in the insights view.
    public static let aiInsights: TipID = "AIInsightsTip"
    /// "Use Siri to Log Moods", in settings.
    public static let siriShortcut: TipID = "SiriShortcutTip"
    /// "Sync with Apple Health", in settings.
    public static let healthKitSync: TipID = "HealthKitSyncTip"
    /// "Vote from Your Home Screen", in the day view.
    public static let widgetVoting: TipID = "WidgetVotingTip"
    /// "View Your History", in the day view.
    public static let timeView: TipID = "TimeViewTip"
    /// "Build Your Streak!", in the day view.
    public static let moodStreak: TipID = "MoodStreakTip"
}
