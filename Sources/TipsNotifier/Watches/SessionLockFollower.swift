import DBus

/// Follows logind's `LockedHint` of the user's session on the system bus: true while the session is locked.
///
/// The session is `XDG_SESSION_ID`'s, else the one logind's `GetSession("auto")` picks: the caller's, or the user's
/// graphical session for a process outside any session, such as a systemd user service.
public final class SessionLockFollower {
    /// The session object, such as `/org/freedesktop/login1/session/_32`.
    public let sessionPath: String
    /// Whether logind says the session is locked.
    public private(set) var isLocked: Bool
    /// Called from dispatch when ``isLocked`` changes.
    public var onChange: ((Bool) -> Void)?

    static let login1 = "org.freedesktop.login1"
    static let sessionInterface = "org.freedesktop.login1.Session"

    /// Finds the session and starts following its `LockedHint`.
    ///
    /// - Parameters:
    ///   - sessionID: `XDG_SESSION_ID`, or `nil` to let logind pick.
    ///   - connection: A connection to the system bus.
    ///   - router: The router of that connection's signals.
    /// - Throws: `DBusError` when logind is not there, knows no such session or does not answer.
    public init(sessionID: String?, connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        let reply = try connection.call(
            destination: BusName(Self.login1), path: "/org/freedesktop/login1",
            interface: "org.freedesktop.login1.Manager", member: "GetSession",
            arguments: [.string(sessionID ?? "auto")], timeout: .seconds(5))
        guard let path = reply.first?.objectPathValue else {
            throw .invalidMessage("GetSession returned no object path")
        }
        sessionPath = path.rawValue
        isLocked = false
        try router.add(.propertiesChanged(sender: Self.login1, path: sessionPath)) { [weak self] message in
            guard let self, let arguments = try? message.arguments, arguments.count >= 2,
                arguments[0].stringValue == Self.sessionInterface,
                let locked = arguments[1].vardictValue?["LockedHint"]?.boolValue, locked != self.isLocked
            else { return }
            self.isLocked = locked
            self.onChange?(locked)
        }
        isLocked =
            try connection.getProperty(
                destination: BusName(Self.login1), path: path, interface: InterfaceName(Self.sessionInterface),
                name: "LockedHint", timeout: .seconds(5)
            ).boolValue ?? false
    }
}
