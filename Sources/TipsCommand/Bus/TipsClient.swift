import DBus

/// The `org.feels.Tips1` object seen from `feels-tips`: method calls and properties, failures as exit statuses.
///
/// Calls go to the well-known name, so the bus starts `feels-tipsd` by D-Bus activation when it is installed and not
/// running.
public final class TipsClient {
    /// The service's bus name.
    public static let busName: BusName = "org.feels.Tips"
    /// The tips object.
    public static let objectPath: ObjectPath = "/org/feels/Tips"
    /// The interface.
    public static let interface: InterfaceName = "org.feels.Tips1"
    /// How long a call may take, activation included: libdbus's own default, and as long as dbus-daemon gives a
    /// service to start.
    public static let timeout: Duration = .seconds(25)

    /// The connection to the bus.
    public let connection: DBusConnection
    /// The bus, as messages name it: `the session bus`, `the bus at 'unix:path=…'`.
    public let busDescription: String

    /// Connects to the bus at `address`, or to the session bus.
    ///
    /// - Parameters:
    ///   - address: A D-Bus address, or `nil` for `DBUS_SESSION_BUS_ADDRESS`.
    ///   - environment: Where `DBUS_SESSION_BUS_ADDRESS` is read from.
    /// - Throws: ``ExitStatus/unreachable`` when there is no bus or it cannot be reached.
    public init(address: String?, environment: [String: String]) throws(CommandFailure) {
        busDescription = address.map { "the bus at '\($0)'" } ?? "the session bus"
        guard let target = address ?? environment["DBUS_SESSION_BUS_ADDRESS"], !target.isEmpty else {
            throw CommandFailure(
                .unreachable,
                "cannot reach the session bus: DBUS_SESSION_BUS_ADDRESS is not set (is there a desktop session? "
                    + "--address names a bus)")
        }
        do {
            connection = try DBusConnection(address: target)
        } catch {
            let reason =
                switch error {
                case .connectionFailed(_, let message): message
                default: error.description
                }
            throw CommandFailure(.unreachable, "cannot reach \(busDescription): \(reason)")
        }
    }

    deinit {
        connection.close()
    }

    /// Calls a method of `org.feels.Tips1`.
    ///
    /// - Parameters:
    ///   - member: The method, such as `LogMood`.
    ///   - arguments: Its input values.
    /// - Returns: Its output values.
    /// - Throws: As ``failure(for:)`` describes.
    @discardableResult
    public func call(_ member: MemberName, _ arguments: [DBusValue] = []) throws(CommandFailure) -> [DBusValue] {
        do {
            return try connection.call(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, member: member,
                arguments: arguments, timeout: Self.timeout)
        } catch {
            throw failure(for: error)
        }
    }

    /// Calls a method that answers one value, and checks its type.
    ///
    /// - Parameters:
    ///   - member: The method.
    ///   - arguments: Its input values.
    ///   - signature: The signature of the value the interface promises.
    /// - Returns: The value.
    /// - Throws: As ``call(_:_:)``; ``ExitStatus/failed`` when the reply is not what the interface promises.
    public func value(
        of member: MemberName, _ arguments: [DBusValue] = [], signature: String
    ) throws(CommandFailure) -> DBusValue {
        let reply = try call(member, arguments)
        guard reply.count == 1, reply[0].signature.rawValue == signature else {
            throw unexpected(member.rawValue, reply.map(\.signature.rawValue).joined(), expected: signature)
        }
        return reply[0]
    }

    /// Reads one property of `org.feels.Tips1`.
    ///
    /// - Throws: As ``call(_:_:)``.
    public func property(_ name: String) throws(CommandFailure) -> DBusValue {
        do {
            return try connection.getProperty(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, name: name,
                timeout: Self.timeout)
        } catch {
            throw failure(for: error)
        }
    }

    /// Reads every property of `org.feels.Tips1`, in the order the service sent them.
    ///
    /// - Returns: The `a{sv}` dictionary `GetAll` answered.
    /// - Throws: As ``call(_:_:)``.
    public func allProperties() throws(CommandFailure) -> DBusValue {
        let reply: [DBusValue]
        do {
            reply = try connection.call(
                destination: Self.busName, path: Self.objectPath, interface: "org.freedesktop.DBus.Properties",
                member: "GetAll", arguments: [.string(Self.interface.rawValue)], timeout: Self.timeout)
        } catch {
            throw failure(for: error)
        }
        guard reply.count == 1, reply[0].vardictValue != nil else {
            throw unexpected("GetAll", reply.map(\.signature.rawValue).joined(), expected: "a{sv}")
        }
        return reply[0]
    }

    /// One tip, through `GetTip`.
    ///
    /// - Parameter id: The tip's id, in any letter case.
    /// - Throws: As ``call(_:_:)``.
    public func tip(_ id: String) throws(CommandFailure) -> TipDetails {
        TipDetails(try value(of: "GetTip", [.string(id)], signature: "a{sv}"))
    }

    /// The unique name of the connection that owns `org.feels.Tips` now; `nil` when none does.
    ///
    /// - Throws: ``ExitStatus/unreachable`` when the bus does not answer.
    public func owner() throws(CommandFailure) -> String? {
        do {
            let reply = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string(Self.busName.rawValue)], timeout: Self.timeout)
            return reply.first?.stringValue
        } catch {
            if case .remote("org.freedesktop.DBus.Error.NameHasNoOwner", _) = error { return nil }
            throw failure(for: error)
        }
    }

    private func unexpected(_ member: String, _ signature: String, expected: String) -> CommandFailure {
        CommandFailure(
            .failed,
            "feels-tipsd answered \(member) with '\(signature)' where org.feels.Tips1 promises '\(expected)'; "
                + "are feels-tips and feels-tipsd of the same version?")
    }
}
