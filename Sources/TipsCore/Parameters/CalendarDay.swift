/// A local calendar day, counted in days since 1970-01-01.
///
/// The day of an instant is the date a wall clock showed there: the instant plus the UTC offset in force,
/// so a mood logged at 23:30 in Berlin belongs to that Berlin date whatever zone the service runs in later.
public struct CalendarDay: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let rawValue: Int

    /// Creates a day from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The day a wall clock at `utcOffset` seconds east of UTC showed at `instant`.
    public init(_ instant: Instant, utcOffset: Int) {
        let local = instant.secondsSinceEpoch.addingReportingOverflow(Int64(utcOffset)).partialValue
        self.rawValue = Int(Instant.floorDivision(local, 86_400).quotient)
    }

    /// The Gregorian year, month (1–12) and day of the month (1–31).
    public var date: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let shifted = rawValue + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day `days` later (earlier when negative).
    public func advanced(by days: Int) -> CalendarDay {
        CalendarDay(rawValue: rawValue + days)
    }

    /// How many days from `self` to `other`.
    public func distance(to other: CalendarDay) -> Int {
        other.rawValue - rawValue
    }

    /// The date as ISO 8601 (`2026-11-30`).
    public var description: String {
        let (year, month, day) = date
        let yearText =
            (0...9999).contains(year)
            ? String(repeating: "0", count: 4 - String(year).count) + "\(year)"
            : "\(year)"
        return "\(yearText)-\(twoDigits(month))-\(twoDigits(day))"
    }

    /// Orders days in time.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
