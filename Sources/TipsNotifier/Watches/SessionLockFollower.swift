import DBus

/// Follows logind's `LockedHint` of the user's session on the system bus: true while the session is locked.
///
/// The session is `XDG_SESSION_ID`'s, else the one logind's `GetSession("auto")` picks: the caller's, or the user's
/// graphical session for a process outside any session, such as a systemd user service. The hint is believed only
/// from logind's unique name at the session's path: on the system bus any user may send a signal to us.
public final class SessionLockFollower {
    /// The session object, such as `/org/freedesktop/login1/session/_32`, once logind has said.
    public private(set) var sessionPath: String?
    /// Whether logind says the session is locked.
    public private(set) var isLocked = false
    /// Called from dispatch when ``isLocked`` changes.
    public var onChange: ((Bool) -> Void)?
    /// Whether logind answered (or failed to) which session and whether it is locked.
    public private(set) var isSettled = false
    /// Called from dispatch once, with the session followed or why none is.
    public var onFollowing: ((Result<String, DBusError>) -> Void)?

    static let login1 = "org.freedesktop.login1"
    static let sessionInterface = "org.freedesktop.login1.Session"
    private weak var connection: DBusConnection?
    private let router: SignalRouter

    /// Asks logind for the session, then follows its `LockedHint`.
    ///
    /// - Parameters:
    ///   - sessionID: `XDG_SESSION_ID`, or `nil` to let logind pick.
    ///   - connection: A connection to the system bus.
    ///   - router: The router of that connection's signals.
    /// - Throws: `DBusError` when the question cannot be sent.
    public init(sessionID: String?, connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.connection = connection
        self.router = router
        try connection.call(
            destination: BusName(Self.login1), path: "/org/freedesktop/login1",
            interface: "org.freedesktop.login1.Manager", member: "GetSession",
            arguments: [.string(sessionID ?? "auto")], timeout: .seconds(5)
        ) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let values):
                if let path = values.first?.objectPathValue {
                    self.follow(path)
                } else {
                    self.settle()
                    self.onFollowing?(.failure(.invalidMessage("GetSession returned no object path")))
                }
            case .failure(let error):
                self.settle()
                self.onFollowing?(.failure(error))
            }
        }
    }

    private func follow(_ path: ObjectPath) {
        sessionPath = path.rawValue
        do {
            try router.add(.propertiesChanged(sender: Self.login1, path: path.rawValue)) { [weak self] message in
                guard let arguments = try? message.arguments, arguments.count >= 2,
                    arguments[0].stringValue == Self.sessionInterface,
                    let locked = arguments[1].vardictValue?["LockedHint"]?.boolValue
                else { return }
                self?.update(locked)
            }
            try connection?.call(
                destination: BusName(Self.login1), path: path, interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string(Self.sessionInterface), .string("LockedHint")],
                timeout: .seconds(5)
            ) { [weak self] result in
                self?.isSettled = true
                self?.update((try? result.get())?.first?.variantValue?.boolValue ?? false, settling: true)
            }
            onFollowing?(.success(path.rawValue))
        } catch {
            settle()
            onFollowing?(.failure(error))
        }
    }

    private func settle() {
        isSettled = true
        onChange?(isLocked)
    }

    private func update(_ locked: Bool, settling: Bool = false) {
        guard locked != isLocked || settling else { return }
        isLocked = locked
        onChange?(locked)
    }
}
