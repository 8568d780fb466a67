/// A run of consecutive local calendar days, both ends included: the days of the current streak.
public struct DayRun: Hashable, Sendable {
    /// The first day of the run.
    public var first: CalendarDay
    /// The last day of the run.
    public var last: CalendarDay

    /// Creates a run; `last` must not come before `first`.
    public init(first: CalendarDay, last: CalendarDay) {
        precondition(first <= last, "a run of days cannot end before it starts")
        self.first = first
        self.last = last
    }

    /// How many days the run spans.
    public var length: Int { first.distance(to: last) + 1 }
}
