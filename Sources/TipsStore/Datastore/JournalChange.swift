import TipsCore

/// What a save does to the mood journal besides keeping the state.
public enum JournalChange: Hashable, Sendable {
    /// Appends one mood.
    case append(MoodEntry)
    /// Erases every mood (the user asked to forget them); the counts derived from them go in the same transaction.
    case forget
}
