import DBus

/// Whether the user is at the screen: away while a screen saver is active or the session is locked.
///
/// Follows `org.freedesktop.ScreenSaver` and `org.gnome.ScreenSaver` on the session bus, and logind's `LockedHint`
/// for the session on the system bus when that is reachable. Each is best effort: a source that is absent says
/// nothing, so with none of them the user counts as present.
public final class PresenceWatch {
    /// Why the user counts as away.
    public enum Absence: Equatable, Sendable, CustomStringConvertible {
        /// A screen saver service says it is active.
        case screenSaverActive(String)
        /// logind says the session is locked.
        case sessionLocked

        /// "the screen is locked or blanked ('org.gnome.ScreenSaver' is active)".
        public var description: String {
            switch self {
            case .screenSaverActive(let name): "the screen is locked or blanked ('\(name)' is active)"
            case .sessionLocked: "the screen is locked (logind's LockedHint)"
            }
        }
    }

    /// Called from dispatch when ``absence`` changes.
    public var onChange: ((Absence?) -> Void)?
    private let screenSavers: [ScreenSaverFollower]
    private var sessionLock: SessionLockFollower?
    private var announced: Absence?

    /// Starts following the screen savers on the session bus.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    public init(sessionBus connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        screenSavers = try ScreenSaverFollower.known.map { (name, path) throws(DBusError) in
            try ScreenSaverFollower(name: name, path: path, connection: connection, router: router)
        }
        for follower in screenSavers {
            follower.onChange = { [weak self] _ in self?.changed() }
        }
        announced = absence
    }

    /// Also follows logind's `LockedHint` for the session; `onFollowing` is told once which session, or why none.
    ///
    /// - Throws: `DBusError` when the question cannot be sent; presence then rests on the screen savers alone.
    public func followSessionLock(
        sessionID: String?, systemBus: DBusConnection, router: SignalRouter,
        onFollowing: @escaping (Result<String, DBusError>) -> Void
    ) throws(DBusError) {
        let follower = try SessionLockFollower(sessionID: sessionID, connection: systemBus, router: router)
        follower.onChange = { [weak self] _ in self?.changed() }
        follower.onFollowing = onFollowing
        sessionLock = follower
    }

    /// Why the user is away now; `nil` when present.
    public var absence: Absence? {
        if sessionLock?.isLocked == true { return .sessionLocked }
        return screenSavers.first(where: \.isActive).map { .screenSaverActive($0.name) }
    }

    /// Whether every source has answered: the screen savers that run, and logind when followed.
    public var isSettled: Bool {
        screenSavers.allSatisfy(\.isSettled) && (sessionLock?.isSettled ?? true)
    }

    /// The session logind says the user is in, once followed.
    public var sessionPath: String? { sessionLock?.sessionPath }

    private func changed() {
        // A source that just answered may change nothing but whether presence is known: say so all the same.
        announced = absence
        onChange?(announced)
    }
}
