/// An instant on the wall clock, in whole microseconds since the Unix epoch (1970-01-01T00:00:00Z).
///
/// Microseconds are the unit of D-Bus timestamps and of the datastore, so an instant survives both unchanged.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the Unix epoch; negative before it.
    public let microsecondsSinceEpoch: Int64

    /// The instant `microseconds` after the Unix epoch.
    public init(microsecondsSinceEpoch microseconds: Int64) {
        self.microsecondsSinceEpoch = microseconds
    }

    /// The instant `seconds` after the Unix epoch.
    public init(secondsSinceEpoch seconds: Int64) {
        self.microsecondsSinceEpoch =
            seconds.multipliedReportingOverflow(by: 1_000_000).overflow
            ? (seconds < 0 ? .min : .max) : seconds * 1_000_000
    }

    /// Whole seconds since the Unix epoch, rounded down (towards the past).
    public var secondsSinceEpoch: Int64 {
        let (quotient, remainder) = microsecondsSinceEpoch.quotientAndRemainder(dividingBy: 1_000_000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The instant `seconds` later (earlier when negative), saturating at the ends of the representable range.
    public func advanced(bySeconds seconds: Int64) -> Instant {
        advanced(
            byMicroseconds: seconds.multipliedReportingOverflow(by: 1_000_000).overflow
                ? (seconds < 0 ? .min : .max) : seconds * 1_000_000)
    }

    /// The instant `microseconds` later (earlier when negative), saturating at the ends of the representable range.
    public func advanced(byMicroseconds microseconds: Int64) -> Instant {
        let (sum, overflow) = microsecondsSinceEpoch.addingReportingOverflow(microseconds)
        return Instant(microsecondsSinceEpoch: overflow ? (microseconds < 0 ? .min : .max) : sum)
    }

    /// The instant as ISO 8601 in UTC, to the second: `2026-12-01T10:00:00Z`.
    public var iso8601: String {
        let seconds = secondsSinceEpoch
        let (days, secondOfDay) = Self.floorDivision(seconds, 86_400)
        let time = [secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60].map { twoDigits($0) }
        return "\(CalendarDay(rawValue: Int(days)))T\(time.joined(separator: ":"))Z"
    }

    /// ``iso8601``.
    public var description: String { iso8601 }

    /// Orders instants in time.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.microsecondsSinceEpoch < rhs.microsecondsSinceEpoch
    }

    static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

/// `value` with a leading zero below 10: `07`.
func twoDigits(_ value: some BinaryInteger) -> String {
    value < 10 && value >= 0 ? "0\(value)" : "\(value)"
}
