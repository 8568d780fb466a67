/// The value of every parameter at one instant, as rules see them.
public struct ParameterValues: Hashable, Sendable {
    /// How many moods have been logged (the Feels app's `hasLoggedMoods`).
    public var hasLoggedMoods: Int
    /// How many moods have been logged.
    public var moodLogCount: Int
    /// Whether the Settings screen has been viewed.
    public var hasSeenSettings: Bool
    /// Local calendar days of use, counting today.
    public var daysUsingApp: Int
    /// Consecutive local calendar days with a mood, ending today or yesterday.
    public var currentStreak: Int

    /// Creates a set of values; the defaults are a fresh install's.
    public init(
        hasLoggedMoods: Int = 0, moodLogCount: Int = 0, hasSeenSettings: Bool = false, daysUsingApp: Int = 0,
        currentStreak: Int = 0
    ) {
        self.hasLoggedMoods = hasLoggedMoods
        self.moodLogCount = moodLogCount
        self.hasSeenSettings = hasSeenSettings
        self.daysUsingApp = daysUsingApp
        self.currentStreak = currentStreak
    }

    /// The value of one parameter.
    public subscript(parameter: TipParameter) -> ParameterValue {
        switch parameter {
        case .hasLoggedMoods: .integer(hasLoggedMoods)
        case .moodLogCount: .integer(moodLogCount)
        case .hasSeenSettings: .boolean(hasSeenSettings)
        case .daysUsingApp: .integer(daysUsingApp)
        case .currentStreak: .integer(currentStreak)
        }
    }
}
