/// A parameter that tip rules test, named as in the Feels app.
public enum TipParameter: String, CaseIterable, Hashable, Sendable {
    /// How many moods have been logged; the Feels app names it a flag but counts with it (`Int`).
    case hasLoggedMoods
    /// How many moods have been logged.
    case moodLogCount
    /// Whether the Settings screen has been viewed.
    case hasSeenSettings
    /// On how many local calendar days, counting today, the app has been in use since first use.
    case daysUsingApp
    /// How many consecutive local calendar days, ending today or yesterday, have at least one mood.
    case currentStreak
}
