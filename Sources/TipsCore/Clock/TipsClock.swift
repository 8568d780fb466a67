/// Where the engine reads the time: the instant and the user's time zone.
///
/// The service reads the system's clock and the C library's time zone; tests inject a clock they move by hand.
/// The core never reads one itself.
public protocol TipsClock: Sendable {
    /// The current instant.
    var now: Instant { get }
    /// The user's time zone now; it may change while the service runs.
    var timeZone: any TimeZoneRules { get }
}
