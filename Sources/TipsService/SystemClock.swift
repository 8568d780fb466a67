import Foundation
import TipsCore

/// The system's clock and time zone.
public struct SystemClock: TipsClock {
    /// Creates the system clock.
    public init() {}

    /// The current instant.
    public var now: Date { Date() }

    /// The time zone from `TZ` or `/etc/localtime`.
    public var timeZone: TimeZone { TimeZone.current }
}
