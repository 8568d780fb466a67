/// What the engine remembers to compute the parameters at any instant.
///
/// Counts and flags are kept as they are; the two day-driven parameters are kept as the days they derive from,
/// so that `daysUsingApp` and `currentStreak` stay right as days pass without anyone updating them.
public struct ParameterState: Hashable, Sendable {
    /// The Feels app's `hasLoggedMoods` count.
    public var hasLoggedMoods: Int
    /// How many moods have been logged.
    public var moodLogCount: Int
    /// Whether the Settings screen has been viewed.
    public var hasSeenSettings: Bool
    /// The local calendar day of first use; `nil` before any.
    public var firstUseDay: CalendarDay?
    /// The latest run of consecutive days with a mood; `nil` before any, or after `updateStreak(0)`.
    public var streak: DayRun?

    /// Creates a parameter state; the defaults are a fresh install's.
    public init(
        hasLoggedMoods: Int = 0, moodLogCount: Int = 0, hasSeenSettings: Bool = false,
        firstUseDay: CalendarDay? = nil, streak: DayRun? = nil
    ) {
        self.hasLoggedMoods = hasLoggedMoods
        self.moodLogCount = moodLogCount
        self.hasSeenSettings = hasSeenSettings
        self.firstUseDay = firstUseDay
        self.streak = streak
    }
}
