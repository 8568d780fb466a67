import DBus
import TipsInterface

/// The `org.feels.Tips1` object seen from `feels-tips`: method calls and properties, failures as exit statuses.
///
/// Calls go to the well-known name, so the bus starts `feels-tipsd` by D-Bus activation when it is installed and not
/// running.
public final class TipsClient {
    /// How long a call may take, activation included: libdbus's and sd-bus's default, and as long as dbus-daemon gives a
    /// service to start.
    public static let timeout: Duration = .seconds(25)

    /// The connection to the bus.
    public let connection: DBusConnection
    /// The bus, as messages name it: `the session bus`, `the bus at 'unix:path=…'`.
    public let busDescription: String

    /// Connects to the bus at `address`, or to the session bus.
    ///
    /// - Parameters:
    ///   - address: A D-Bus address, or `nil` for the session bus: `DBUS_SESSION_BUS_ADDRESS`, else
    ///     `$XDG_RUNTIME_DIR/bus`.
    ///   - environment: Where `DBUS_SESSION_BUS_ADDRESS` and `XDG_RUNTIME_DIR` are read from.
    /// - Throws: ``ExitStatus/unreachable`` when there is no bus or it cannot be reached.
    public init(address: String?, environment: [String: String]) throws(CommandFailure) {
        busDescription = address.map { "the bus at '\($0)'" } ?? "the session bus"
        guard let target = address ?? DBusAddress.session(in: environment), !target.isEmpty else {
            throw CommandFailure(
                .unreachable,
                "cannot reach the session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no "
                    + "$XDG_RUNTIME_DIR/bus (is there a desktop session? --address names a bus)")
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

    /// The typed client of `org.feels.Tips1`, the contract's generated one.
    public var tips: Tips1Client {
        Tips1Client(connection: connection, timeout: Self.timeout)
    }

    /// The typed client of `org.feels.Tips1.Testing`.
    public var testing: Tips1TestingClient {
        Tips1TestingClient(
            connection: connection, destination: Tips1.busName, path: Tips1.objectPath, timeout: Self.timeout)
    }

    /// Runs calls of the typed clients, their failures as exit statuses (``failure(for:)``).
    ///
    /// - Parameters:
    ///   - testing: Whether the calls are of `org.feels.Tips1.Testing`: a service started without `--testing` does
    ///     not know the interface, and that failure is ``testingNotServed``.
    ///   - calls: The calls.
    public func perform<Result>(
        testing: Bool = false, _ calls: (TipsClient) throws(DBusError) -> Result
    ) throws(CommandFailure) -> Result {
        do {
            return try calls(self)
        } catch {
            if testing, Self.isTestingNotServed(error) { throw Self.testingNotServed }
            throw failure(for: error)
        }
    }

    /// One tip, through `GetTips`.
    ///
    /// - Parameter id: The tip's id, in any letter case.
    /// - Throws: As ``failure(for:)`` describes.
    public func tip(_ id: String) throws(CommandFailure) -> Tips1.Tip {
        let tips = try perform { client throws(DBusError) in try client.tips.getTips(ids: [id]) }
        guard let tip = tips.first else {
            throw CommandFailure(.failed, "feels-tipsd answered no tip for '\(id)'; is it of the same version?")
        }
        return tip
    }

    /// The unique name of the connection that owns `org.feels.Tips` now; `nil` when none does.
    ///
    /// - Throws: ``ExitStatus/unreachable`` when the bus does not answer.
    public func owner() throws(CommandFailure) -> String? {
        do {
            let reply = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", arguments: [.string(Tips1.busName.rawValue)], timeout: Self.timeout)
            return reply.first?.stringValue
        } catch {
            if case .remote("org.freedesktop.DBus.Error.NameHasNoOwner", _) = error { return nil }
            throw failure(for: error)
        }
    }

}
