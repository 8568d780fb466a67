import DBus

/// Follows whether one screen saver service is active: `GetActive` when it appears, then its `ActiveChanged(b)`.
///
/// `org.freedesktop.ScreenSaver` (KDE, and GNOME through its proxy) and `org.gnome.ScreenSaver` (GNOME Shell) answer
/// the same two members on objects of their own. A service that is not running counts as inactive, and is never
/// started to ask: the question goes to its unique name, which the bus cannot activate.
public final class ScreenSaverFollower {
    /// The bus name, such as `org.freedesktop.ScreenSaver`.
    public let name: String
    /// Whether the screen saver says it is active (the screen is blanked or locked).
    public private(set) var isActive = false
    /// Called from dispatch when ``isActive`` changes.
    public var onChange: ((Bool) -> Void)?
    private let path: String
    private let interface: String
    private let owner: BusNameFollower
    private weak var connection: DBusConnection?

    /// The screen savers followed: the freedesktop one and GNOME Shell's.
    public static let known: [(name: String, path: String)] = [
        ("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver"),
        ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver"),
    ]

    /// Starts following the screen saver `name` at `path` (its interface has the same name), asking whether it is
    /// active now when it runs.
    ///
    /// - Throws: `DBusError` when the bus refuses a match rule or does not answer.
    public init(name: String, path: String, connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.name = name
        self.path = path
        self.interface = name
        self.connection = connection
        owner = try BusNameFollower(name: name, connection: connection, router: router)
        try router.add(SignalRule(sender: name, path: path, interface: name, member: "ActiveChanged")) {
            [weak self] message in
            guard let active = (try? message.arguments)?.first?.boolValue else { return }
            self?.update(active)
        }
        owner.onChange = { [weak self] owner in
            guard let self else { return }
            guard let owner else { return self.update(false) }
            self.askActive(owner)
        }
        if let current = owner.owner {
            isActive = (try? Self.getActive(owner: current, path: path, interface: name, on: connection)) ?? false
        }
    }

    private func update(_ active: Bool) {
        guard active != isActive else { return }
        isActive = active
        onChange?(active)
    }

    private func askActive(_ owner: String) {
        guard let connection, let destination = try? BusName(owner), let path = try? ObjectPath(path),
            let interface = try? InterfaceName(interface)
        else { return }
        _ = try? connection.call(
            destination: destination, path: path, interface: interface, member: "GetActive", timeout: .seconds(5)
        ) { [weak self] result in
            guard case .success(let values) = result, let active = values.first?.boolValue else { return }
            self?.update(active)
        }
    }

    private static func getActive(owner: String, path: String, interface: String, on connection: DBusConnection)
        throws(DBusError) -> Bool
    {
        let reply = try connection.call(
            destination: try BusName(owner), path: try ObjectPath(path), interface: try InterfaceName(interface),
            member: "GetActive", timeout: .seconds(5))
        return reply.first?.boolValue ?? false
    }
}
