import Glibc
import TipsCore

/// The system's wall clock and the C library's time zone.
public struct SystemClock: TipsClock {
    /// Creates the system clock.
    public init() {}

    /// The current instant, from `CLOCK_REALTIME`.
    public var now: Instant {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Instant(microsecondsSinceEpoch: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000)
    }

    /// The time zone the C library reads from `TZ`, else `/etc/localtime`.
    public var timeZone: any TimeZoneRules { SystemTimeZone() }
}
