import DBus
import FeelsSystem

/// The bus `feels-tipsd` serves: the one `--address` names, else the session bus, and never the system bus.
public struct ServedBus: Sendable {
    /// The address `--address` gave; `nil` for the session bus.
    public let address: String?

    /// The bus at `address`, or the session bus when it is `nil`.
    ///
    /// - Throws: ``DaemonStartFailure`` when that bus is the system bus: the service keeps one user's tips.
    public init(address: String?) throws(DaemonStartFailure) {
        let busAddress = address ?? ProcessEnvironment.value("DBUS_SESSION_BUS_ADDRESS") ?? ""
        if DBusAddress.isSystemBus(busAddress) {
            throw DaemonStartFailure(
                "'\(busAddress)' is the system bus; feels-tipsd keeps one user's tips and serves only that user's session bus"
            )
        }
        self.address = address
    }

    /// Connects to the bus.
    ///
    /// - Throws: ``DaemonStartFailure`` saying why the connection failed.
    public func connect() throws(DaemonStartFailure) -> DBusConnection {
        do {
            return try address.map { address throws(DBusError) in try DBusConnection(address: address) }
                ?? DBusConnection.session()
        } catch {
            throw DaemonStartFailure("\(error)")
        }
    }
}
