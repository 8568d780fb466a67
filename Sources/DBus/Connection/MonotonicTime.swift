import Glibc

/// The monotonic clock in nanoseconds, and durations in the units libdbus and poll(2) take.
public enum MonotonicTime {
    /// Now, in nanoseconds.
    public static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// `duration` in nanoseconds, a very long one cut to a quarter of what an `Int64` holds.
    public static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max / 2 : scaled + attoseconds / 1_000_000_000
    }

    /// `duration` in milliseconds, rounded up.
    public static func milliseconds(rounding duration: Duration) -> Int32 {
        let nanoseconds = max(0, nanoseconds(duration))
        return Int32(clamping: (nanoseconds + 999_999) / 1_000_000)
    }
}
