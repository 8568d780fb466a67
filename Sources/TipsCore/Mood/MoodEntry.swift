/// One mood of the journal: what was felt and when, with the UTC offset the user's clock had then.
public struct MoodEntry: Hashable, Sendable {
    /// The mood.
    public var mood: Mood
    /// When it was logged, to the microsecond.
    public var loggedAt: Instant
    /// Seconds east of UTC of the user's wall clock when it was logged.
    public var utcOffset: Int

    /// Creates an entry.
    public init(mood: Mood, loggedAt: Instant, utcOffset: Int) {
        self.mood = mood
        self.loggedAt = loggedAt
        self.utcOffset = utcOffset
    }

    /// The local calendar day the mood belongs to.
    public var day: CalendarDay { CalendarDay(loggedAt, utcOffset: utcOffset) }
}
