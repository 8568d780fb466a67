import DBus

/// Whether the user is at the screen: away while a screen saver is active or the session is locked.
///
/// Follows the screen savers on the session bus, `org.freedesktop.ScreenSaver` (KDE, and GNOME through its proxy)
/// and `org.gnome.ScreenSaver` (GNOME Shell), which answer `GetActive` and send `ActiveChanged(b)` on objects of
/// their own; and logind's `LockedHint` of the user's session on the system bus when that is reachable. Each is best
/// effort: a source that is absent says nothing, so with none of them the user counts as present.
final class PresenceWatch {
    /// Why the user counts as away.
    enum Absence: Equatable, Sendable, CustomStringConvertible {
        /// A screen saver service says it is active.
        case screenSaverActive(String)
        /// logind says the session is locked.
        case sessionLocked

        /// "the screen is locked or blanked ('org.gnome.ScreenSaver' is active)".
        var description: String {
            switch self {
            case .screenSaverActive(let name): "the screen is locked or blanked ('\(name)' is active)"
            case .sessionLocked: "the screen is locked (logind's LockedHint)"
            }
        }
    }

    /// The screen savers followed, by bus name and object; each one's interface has its bus name.
    static let screenSaverObjects = [
        ("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver"),
        ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver"),
    ]
    static let login1 = "org.freedesktop.login1"

    /// Called from dispatch when ``absence`` or ``isSettled`` may have changed.
    var onChange: (() -> Void)?
    private let screenSavers: [(name: String, active: PeerFlag)]
    private var sessionLocked: PeerFlag?
    private var askingForSession = false

    /// Starts following the screen savers on the session bus.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    init(sessionBus connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        screenSavers = try Self.screenSaverObjects.map { (name, path) throws(DBusError) in
            let rule = SignalRule(sender: name, path: path, interface: name, member: "ActiveChanged")
            let active = try PeerFlag(
                name: name, question: PeerFlag.Question(path: path, interface: name, member: "GetActive"),
                signals: [(rule, { $0.first?.boolValue })], connection: connection, router: router)
            return (name, active)
        }
        for screenSaver in screenSavers {
            screenSaver.active.onChange = { [weak self] in self?.onChange?() }
        }
    }

    /// Also follows logind's `LockedHint` of the session: `XDG_SESSION_ID`'s, else the one logind's
    /// `GetSession("auto")` picks (the caller's, or the user's graphical session for a process outside any session,
    /// such as a systemd user service). `onFollowing` is told once which session, or why none.
    ///
    /// - Throws: `DBusError` when the question cannot be sent; presence then rests on the screen savers alone.
    func followSessionLock(
        sessionID: String?, systemBus: DBusConnection, router: SignalRouter,
        onFollowing: @escaping (Result<String, DBusError>) -> Void
    ) throws(DBusError) {
        try systemBus.call(
            destination: BusName(Self.login1), path: "/org/freedesktop/login1",
            interface: "org.freedesktop.login1.Manager", member: "GetSession",
            arguments: [.string(sessionID ?? "auto")], timeout: .seconds(5)
        ) { [weak self, weak systemBus] result in
            guard let self else { return }
            self.askingForSession = false
            do throws(DBusError) {
                guard let systemBus else { throw .disconnected }
                guard let path = try result.get().first?.objectPathValue else {
                    throw .invalidMessage("GetSession returned no object path")
                }
                let locked = try PeerFlag(
                    property: "LockedHint", of: "org.freedesktop.login1.Session", name: Self.login1,
                    path: path.rawValue, connection: systemBus, router: router)
                locked.onChange = { [weak self] in self?.onChange?() }
                self.sessionLocked = locked
                onFollowing(.success(path.rawValue))
            } catch {
                self.onChange?()
                onFollowing(.failure(error))
            }
        }
        askingForSession = true
    }

    /// Why the user is away now; `nil` when present.
    var absence: Absence? {
        if sessionLocked?.isOn == true { return .sessionLocked }
        return screenSavers.first(where: \.active.isOn).map { .screenSaverActive($0.name) }
    }

    /// Whether every source has answered: the screen savers that run, and logind when followed.
    var isSettled: Bool {
        screenSavers.allSatisfy(\.active.isSettled) && !askingForSession && sessionLocked?.isSettled != false
    }
}
