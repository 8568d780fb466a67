import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP, noted rather than fatal: the bench checks between round trips and stops what it
/// started before it exits.
enum Interruption {
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers that note the signals.
    static func install() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(number) { number in Interruption.received.store(number, ordering: .relaxed) }
        }
    }

    /// The signal received, if any.
    static var signal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Throws ``BenchError/interrupted(_:)`` once a signal has arrived.
    static func check() throws(BenchError) {
        if let signal { throw .interrupted(signal) }
    }
}
