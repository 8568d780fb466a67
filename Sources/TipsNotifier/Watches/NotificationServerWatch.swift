import DBus

/// Follows the desktop's notification server, `org.freedesktop.Notifications`: whether one runs or can be started,
/// and whether it says notifications are inhibited (its `Inhibited` property, where it has one, as KDE's does).
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
    /// Called from dispatch when ``availability`` or ``isInhibited`` changes.
    public var onChange: (() -> Void)?
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
                arguments[0].stringValue == Self.name,
                let inhibited = arguments[1].vardictValue?["Inhibited"]?.boolValue
            else { return }
            self.setInhibited(inhibited)
        }
        owner.onChange = { [weak self] owner in
            guard let self else { return }
            self.availability = owner != nil ? .running : self.activatable ? .activatable : .absent
            self.isInhibited = false
            if let owner { self.askInhibited(owner) }
            self.onChange?()
        }
        if let current = owner.owner {
            isInhibited = (try? Self.inhibited(owner: current, on: connection)) ?? false
        }
    }

    /// The unique name of the running server, if any.
    public var currentOwner: String? { owner.owner }

    /// Records that showing failed: nothing is tried again until a server appears.
    public func showingFailed() {
        guard availability != .failed else { return }
        availability = .failed
    }

    private func setInhibited(_ inhibited: Bool) {
        guard inhibited != isInhibited else { return }
        isInhibited = inhibited
        onChange?()
    }

    private func askInhibited(_ owner: String) {
        guard let connection, let destination = try? BusName(owner) else { return }
        _ = try? connection.call(
            destination: destination, path: ObjectPath(Self.path), interface: "org.freedesktop.DBus.Properties",
            member: "Get", arguments: [.string(Self.name), .string("Inhibited")], timeout: .seconds(5)
        ) { [weak self] result in
            // A server without the property answers with an error: it never inhibits, as far as we can tell.
            guard case .success(let values) = result, let inhibited = values.first?.variantValue?.boolValue else {
                return
            }
            self?.setInhibited(inhibited)
        }
    }

    private static func inhibited(owner: String, on connection: DBusConnection) throws(DBusError) -> Bool {
        try connection.getProperty(
            destination: BusName(owner), path: ObjectPath(path), interface: InterfaceName(name), name: "Inhibited",
            timeout: .seconds(5)
        ).boolValue ?? false
    }
}
