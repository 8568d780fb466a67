import DBus
import FeelsSystem

extension TipNotifier {
    /// Also follows logind's `LockedHint` of the user's session (`XDG_SESSION_ID`'s, else the one logind picks), on a
    /// connection to the system bus, when there is one; without it, the screen savers suffice.
    public func followSessionLock() {
        do {
            let bus = try DBusConnection(
                address: ProcessEnvironment.value("DBUS_SYSTEM_BUS_ADDRESS")
                    ?? "unix:path=/run/dbus/system_bus_socket")
            bus.attach(to: loop)
            bus.onDisconnected = { [log] in
                log.warning("Lost the connection to the system bus; no longer following logind")
            }
            let router = SignalRouter(connection: bus)
            router.onProblem = { [weak self] problem in self?.report(.problem(problem)) }
            try presence?.followSessionLock(
                sessionID: ProcessEnvironment.value("XDG_SESSION_ID"), systemBus: bus, router: router
            ) { [log] result in
                switch result {
                case .success(let session): log.info("Following logind's LockedHint of session '\(session)'")
                case .failure(let error): log.info("Not following logind's LockedHint: \(error)")
                }
            }
            systemRouter = router
            systemBus = bus
        } catch {
            log.info("Not following logind's LockedHint: \(error)")
        }
    }
}
