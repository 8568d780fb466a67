import Glibc

/// Instants as people read them, in the time zone the C library reads from `TZ` (else `/etc/localtime`), with
/// `localtime_r(3)` and `strftime(3)`.
public enum LocalTime {
    /// Makes the C library read the time zone; call once before formatting.
    public static func prepare() {
        tzset()
    }

    /// The current instant in microseconds since the epoch, from `CLOCK_REALTIME`.
    public static var now: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }

    /// `Tue 2026-12-01 17:11:37 CET`: a day, a date and a time to the second, and the zone's abbreviation.
    ///
    /// - Parameter microseconds: Microseconds since the epoch.
    public static func text(_ microseconds: Int64) -> String {
        format(microseconds, "%a %Y-%m-%d %H:%M:%S %Z")
    }

    /// `Tue 2026-12-01 17:11:37 CET (in 23 h 59 min)`: ``text(_:)``, and how long until then while it is to come.
    ///
    /// - Parameters:
    ///   - microseconds: Microseconds since the epoch.
    ///   - now: The current instant, in microseconds since the epoch.
    public static func text(_ microseconds: Int64, countingFrom now: Int64) -> String {
        microseconds > now ? "\(text(microseconds)) (\(relative(microseconds, from: now)))" : text(microseconds)
    }

    /// `2026-12-01 17:11:37`: a timestamp for the start of a line.
    ///
    /// - Parameter microseconds: Microseconds since the epoch.
    public static func timestamp(_ microseconds: Int64) -> String {
        format(microseconds, "%Y-%m-%d %H:%M:%S")
    }

    /// `2026-12-01T17:11:37+01:00`: ISO 8601 in local time, with the local UTC offset at that instant.
    ///
    /// - Parameter microseconds: Microseconds since the epoch.
    public static func iso8601(_ microseconds: Int64) -> String {
        guard let local = localTime(microseconds) else { return String(microseconds) }
        return strftime("%Y-%m-%dT%H:%M:%S", local) + offsetText(local.tm_gmtoff)
    }

    /// ISO 8601 as a clock at a fixed UTC offset showed it: a mood as the user's clock read when it was logged.
    ///
    /// - Parameters:
    ///   - microseconds: Microseconds since the epoch.
    ///   - utcOffset: Seconds east of UTC.
    public static func iso8601(_ microseconds: Int64, utcOffset: Int) -> String {
        let (shifted, overflow) = secondsSinceEpoch(microseconds).addingReportingOverflow(Int64(utcOffset))
        var seconds = time_t(overflow ? 0 : shifted)
        var clock = tm()
        guard !overflow, gmtime_r(&seconds, &clock) != nil else { return String(microseconds) }
        return strftime("%Y-%m-%dT%H:%M:%S", clock) + offsetText(utcOffset)
    }

    /// How long until `microseconds` from `now`, rounded down: `in 23 h 59 min`, `in 3 days 2 h`, `in 40 s`; `now`
    /// when less than a second is left.
    ///
    /// - Parameters:
    ///   - microseconds: Microseconds since the epoch.
    ///   - now: The current instant, in microseconds since the epoch.
    public static func relative(_ microseconds: Int64, from now: Int64) -> String {
        let seconds = (microseconds - now) / 1_000_000
        guard seconds > 0 else { return "now" }
        let (days, hours, minutes) = (seconds / 86_400, seconds % 86_400 / 3_600, seconds % 3_600 / 60)
        if days > 0 { return "in \(days) day\(days == 1 ? "" : "s")" + (hours > 0 ? " \(hours) h" : "") }
        if hours > 0 { return "in \(hours) h" + (minutes > 0 ? " \(minutes) min" : "") }
        if minutes > 0 { return "in \(minutes) min" }
        return "in \(seconds) s"
    }

    /// `+01:00`, `-03:00`, `+05:45`; seconds are added only for the odd historical offset that has them.
    static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        let (hours, minutes, seconds) = (magnitude / 3_600, magnitude % 3_600 / 60, magnitude % 60)
        return sign + twoDigits(hours) + ":" + twoDigits(minutes) + (seconds == 0 ? "" : ":" + twoDigits(seconds))
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    private static func secondsSinceEpoch(_ microseconds: Int64) -> Int64 {
        // Rounds down, so that a time before the epoch keeps its second.
        microseconds >= 0 ? microseconds / 1_000_000 : (microseconds + 1) / 1_000_000 - 1
    }

    private static func format(_ microseconds: Int64, _ pattern: String) -> String {
        localTime(microseconds).map { strftime(pattern, $0) } ?? String(microseconds)
    }

    /// The local clock at an instant, from `localtime_r(3)`; `nil` for an instant it cannot represent.
    private static func localTime(_ microseconds: Int64) -> tm? {
        var seconds = time_t(secondsSinceEpoch(microseconds))
        var local = tm()
        return localtime_r(&seconds, &local) != nil ? local : nil
    }

    private static func strftime(_ pattern: String, _ time: tm) -> String {
        var time = time
        var buffer = [CChar](repeating: 0, count: 128)
        let length = Glibc.strftime(&buffer, buffer.count, pattern, &time)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
