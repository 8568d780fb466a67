import DBus
import FeelsSystem

extension RunningNotifier {
    /// Follows logind's `LockedHint` of the user's session, on a connection to the system bus, when there is one;
    /// without it, the screen savers suffice.
    public func followSessionLock() {
        do {
            let bus = try DBusConnection(
                address: ProcessEnvironment.value("DBUS_SYSTEM_BUS_ADDRESS")
                    ?? "unix:path=/run/dbus/system_bus_socket")
            bus.attach(to: loop)
            bus.onDisconnected = { [log] in
                log.warning("Lost the connection to the system bus; no longer following logind")
            }
            let sessionID = ProcessEnvironment.value("XDG_SESSION_ID")
            try notifier.followSessionLock(sessionID: sessionID, systemBus: bus) { [log] result in
                switch result {
                case .success(let session): log.info("Following logind's LockedHint of session '\(session)'")
                case .failure(let error): log.info("Not following logind's LockedHint: \(error)")
                }
            }
            systemBus = bus
        } catch {
            log.info("Not following logind's LockedHint: \(error)")
        }
    }
}
