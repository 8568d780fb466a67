import DBus

/// Follows who owns one well-known bus name, through `NameOwnerChanged` for that name alone.
public final class BusNameFollower {
    /// The name followed.
    public let name: String
    /// The unique name of its owner (`:1.42`); `nil` while nobody owns it.
    public private(set) var owner: String?
    /// Called from dispatch when the owner changes, with the new owner or `nil`.
    public var onChange: ((String?) -> Void)?

    /// Starts following `name`: subscribes to its `NameOwnerChanged`, then asks the bus who owns it now, blocking
    /// until the bus answers.
    ///
    /// - Throws: `DBusError` when the bus refuses the rule or does not answer.
    public init(name: String, connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.name = name
        try router.add(.nameOwnerChanged(name)) { [weak self] message in
            guard let self, let arguments = try? message.arguments, arguments.count == 3,
                let newOwner = arguments[2].stringValue
            else { return }
            let owner = newOwner.isEmpty ? nil : newOwner
            guard owner != self.owner else { return }
            self.owner = owner
            self.onChange?(owner)
        }
        owner = try Self.currentOwner(of: name, on: connection)
    }

    /// The unique name owning `name` now, or `nil`; asking never starts an activatable service.
    public static func currentOwner(of name: String, on connection: DBusConnection) throws(DBusError) -> String? {
        do throws(DBusError) {
            let reply = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string(name)], timeout: .seconds(5))
            return reply.first?.stringValue
        } catch {
            if case .remote(let errorName, _) = error, errorName == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                return nil
            }
            throw error
        }
    }

    /// Whether the bus can start a service for `name` (a `.service` file names it).
    public static func isActivatable(_ name: String, on connection: DBusConnection) throws(DBusError) -> Bool {
        let reply = try connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListActivatableNames", timeout: .seconds(5))
        return reply.first?.stringArrayValue?.contains(name) ?? false
    }
}
