import Foundation

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
    public init(_ instant: Date, utcOffset: Int) {
        let local = instant.timeIntervalSince1970 + Double(utcOffset)
        self.rawValue = Int((local / 86_400).rounded(.down))
    }

    /// The day a wall clock in `timeZone` showed at `instant`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        self.init(instant, utcOffset: timeZone.secondsFromGMT(for: instant))
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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents(
            [.year, .month, .day], from: Date(timeIntervalSince1970: Double(rawValue) * 86_400))
        let year = parts.year ?? 0
        let month = parts.month ?? 0
        let day = parts.day ?? 0
        let pad = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(pad(month))-\(pad(day))"
    }

    /// Orders days in time.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
