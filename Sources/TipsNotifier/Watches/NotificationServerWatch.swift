import DBus

/// Follows the desktop's notification server, `org.freedesktop.Notifications`: whether one runs or can be started,
/// and whether it holds notifications back: its `Inhibited` property where it has one (KDE's), dunst's `paused`.
public final class NotificationServerWatch {
    /// The bus name every notification server owns.
    public static let name = "org.freedesktop.Notifications"
    /// Its object.
    public static let path = "/org/freedesktop/Notifications"

    /// Whether a notification can be tried now.
    public enum Availability: Equatable, Sendable {
        /// A server owns the name.
        case running
        /// None runs, but the bus can start one (a `.service` file names it).
        case activatable
        /// None runs and none can be started.
        case absent
        /// Showing failed; nothing is tried again until a server (re)appears.
        case failed
    }

    /// Whether a notification can be tried now.
    public private(set) var availability: Availability
    /// Whether the server says notifications are inhibited (do not disturb).
    public private(set) var isInhibited = false
    /// Whether dunst says it is paused: it queues notifications and shows them when resumed.
    public private(set) var isPaused = false
    /// Called from dispatch when ``availability``, ``isInhibited`` or ``isPaused`` changes.
    public var onChange: (() -> Void)?
    /// Called from dispatch, before ``onChange``, when a server appears (with its unique name) or leaves (`nil`).
    public var onOwnerChange: ((String?) -> Void)?
    static let dunstInterface = "org.dunstproject.cmd0"
    private let owner: BusNameFollower
    private let activatable: Bool
    private weak var connection: DBusConnection?

    /// Starts following the server; asks the bus whether one runs or can be started, and the server whether it
    /// inhibits notifications.
    ///
    /// - Throws: `DBusError` when the bus refuses a match rule or does not answer.
    public init(connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.connection = connection
        owner = try BusNameFollower(name: Self.name, connection: connection, router: router)
        activatable = try BusNameFollower.isActivatable(Self.name, on: connection)
        availability = owner.owner != nil ? .running : activatable ? .activatable : .absent
        try router.add(.propertiesChanged(sender: Self.name, path: Self.path)) { [weak self] message in
            guard let self, let arguments = try? message.arguments, arguments.count >= 2,
                let changed = arguments[1].vardictValue
            else { return }
            switch arguments[0].stringValue {
            case Self.name: self.update(inhibited: changed["Inhibited"]?.boolValue)
            case Self.dunstInterface: self.update(paused: changed["paused"]?.boolValue)
            default: break
            }
        }
        owner.onChange = { [weak self] owner in
            guard let self else { return }
            self.availability = owner != nil ? .running : self.activatable ? .activatable : .absent
            self.isInhibited = false
            self.isPaused = false
            if let owner { self.askWhetherHeldBack(owner) }
            self.onOwnerChange?(owner)
            self.onChange?()
        }
        if let current = owner.owner, let destination = try? BusName(current) {
            isInhibited = Self.flag(Self.name, "Inhibited", of: destination, on: connection)
            isPaused = Self.flag(Self.dunstInterface, "paused", of: destination, on: connection)
        }
    }

    /// The unique name of the running server, if any.
    public var currentOwner: String? { owner.owner }

    /// Records that showing failed: nothing is tried again until a server appears.
    public func showingFailed() {
        guard availability != .failed else { return }
        availability = .failed
    }

    private func update(inhibited: Bool? = nil, paused: Bool? = nil) {
        let before = (isInhibited, isPaused)
        if let inhibited { isInhibited = inhibited }
        if let paused { isPaused = paused }
        if before != (isInhibited, isPaused) { onChange?() }
    }

    /// Reads `Inhibited` and `paused` from a server that just appeared; a server without them answers with errors,
    /// and never holds notifications back as far as we can tell.
    private func askWhetherHeldBack(_ owner: String) {
        guard let connection, let destination = try? BusName(owner) else { return }
        for (interface, property) in [(Self.name, "Inhibited"), (Self.dunstInterface, "paused")] {
            _ = try? connection.call(
                destination: destination, path: ObjectPath(Self.path), interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string(interface), .string(property)], timeout: .seconds(5)
            ) { [weak self] result in
                guard case .success(let values) = result, let flag = values.first?.variantValue?.boolValue else {
                    return
                }
                if interface == Self.name { self?.update(inhibited: flag) } else { self?.update(paused: flag) }
            }
        }
    }

    private static func flag(_ interface: String, _ property: String, of owner: BusName, on connection: DBusConnection)
        -> Bool
    {
        guard let interfaceName = try? InterfaceName(interface),
            let value = try? connection.getProperty(
                destination: owner, path: ObjectPath(path), interface: interfaceName, name: property,
                timeout: .seconds(5))
        else { return false }
        return value.boolValue ?? false
    }
}
