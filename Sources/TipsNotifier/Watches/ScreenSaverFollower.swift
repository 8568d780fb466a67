import DBus

/// Follows whether one screen saver service is active: `GetActive` when it appears, then its `ActiveChanged(b)`.
///
/// `org.freedesktop.ScreenSaver` (KDE, and GNOME through its proxy) and `org.gnome.ScreenSaver` (GNOME Shell) answer
/// the same two members on objects of their own. A service that is not running counts as inactive, and is never
/// started to ask: the question goes to its unique name, which the bus cannot activate. `ActiveChanged` is believed
/// only from the name's owner.
public final class ScreenSaverFollower {
    /// The bus name, such as `org.freedesktop.ScreenSaver`.
    public let name: String
    /// Whether the screen saver says it is active (the screen is blanked or locked).
    public private(set) var isActive = false
    /// Called from dispatch when ``isActive`` changes.
    public var onChange: ((Bool) -> Void)?
    private let path: String
    /// Whether the bus said who owns the name and, when someone does, that owner answered (or failed to).
    public private(set) var isSettled = false
    private weak var connection: DBusConnection?
    private var owner: String?

    /// The screen savers followed: the freedesktop one and GNOME Shell's.
    public static let known: [(name: String, path: String)] = [
        ("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver"),
        ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver"),
    ]

    /// Starts following the screen saver `name` at `path` (its interface has the same name).
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    public init(name: String, path: String, connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.name = name
        self.path = path
        self.connection = connection
        try router.add(SignalRule(sender: name, path: path, interface: name, member: "ActiveChanged")) {
            [weak self] message in
            guard let active = (try? message.arguments)?.first?.boolValue else { return }
            self?.update(active)
        }
        try router.followOwner(of: name) { [weak self] owner in
            guard let self else { return }
            self.owner = owner
            guard let owner else {
                self.isSettled = true
                return self.update(false, settling: true)
            }
            self.isSettled = false
            self.askActive(owner)
        }
    }

    private func update(_ active: Bool, settling: Bool = false) {
        guard active != isActive || settling else { return }
        isActive = active
        onChange?(active)
    }

    private func askActive(_ owner: String) {
        guard let connection, let destination = try? BusName(owner), let path = try? ObjectPath(path),
            let interface = try? InterfaceName(name)
        else { return }
        _ = try? connection.call(
            destination: destination, path: path, interface: interface, member: "GetActive", timeout: .seconds(5)
        ) { [weak self] result in
            guard let self, self.owner == owner else { return }
            self.isSettled = true
            // A screen saver that cannot say counts as inactive.
            self.update((try? result.get())?.first?.boolValue ?? false, settling: true)
        }
    }
}
