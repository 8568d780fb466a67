import BusTestSupport
import DBus
import EventLoop

/// What the echo service has seen, shared with the test thread.
struct EchoServiceState: Sendable {
    var noReplyCalls = 0
    var handlerRuns = 0
    var name = "initial"
    var disconnected = false
}

/// A private bus with a test object exported by a connection on its own thread and `PollLoop`.
///
/// `org.feels.Test1` at `/org/feels/Test` has methods covering every reply path, properties of each access and
/// change mode, and a signal; `org.feels.Broken1` at `/org/feels/Broken` has a property whose getter returns the
/// wrong type.
final class EchoService {
    static let busName: BusName = "org.feels.Test"
    static let path: ObjectPath = "/org/feels/Test"
    static let interface: InterfaceName = "org.feels.Test1"
    static let brokenPath: ObjectPath = "/org/feels/Broken"
    static let brokenInterface: InterfaceName = "org.feels.Broken1"
    static let boom: ErrorName = "org.feels.Test1.Error.Boom"

    let bus: TestBus
    let state = Locked(EchoServiceState())
    private let thread: LoopThread

    init() throws {
        bus = try TestBus()
        let address = bus.address
        let state = self.state
        thread = try LoopThread(name: "echo-service") { loop in
            let connection = try DBusConnection(address: address)
            let broken = DBusInterface(
                name: Self.brokenInterface, introspection: Self.brokenIntrospection,
                properties: [
                    DBusProperty(name: "Broken", signature: "s", get: { .int32(-1) })
                ])
            try connection.export([Self.interface(state: state, connection)], at: Self.path)
            try connection.export([broken], at: Self.brokenPath)
            connection.onDisconnected = { state.update { $0.disconnected = true } }
            connection.attach(to: loop)
            _ = try connection.requestName(Self.busName)
            return connection
        }
    }

    deinit {
        thread.stop()
    }

    /// A client connection on the test thread.
    func client() throws -> DBusConnection {
        try DBusConnection(address: bus.address)
    }

    /// Calls a method of the test interface.
    @discardableResult
    func call(
        _ client: DBusConnection, _ member: MemberName, _ arguments: [DBusValue] = [],
        interface: InterfaceName? = EchoService.interface, path: ObjectPath = EchoService.path
    ) throws(DBusError) -> [DBusValue] {
        try client.call(
            destination: Self.busName, path: path, interface: interface, member: member, arguments: arguments,
            timeout: .seconds(10))
    }

    /// Runs a command-line tool against the bus.
    func tool(_ name: String, _ arguments: [String]) throws -> ToolResult {
        try runTool(name, arguments, env: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
    }

    private static func interface(state: Locked<EchoServiceState>, _ connection: DBusConnection) -> DBusInterface {
        weak let connection = connection
        return DBusInterface(
            name: Self.interface, introspection: Self.introspection,
            methods: [
                DBusMethod(name: "Echo", inputs: ["v"], outputs: ["v"]) { arguments, reply in
                    state.update { $0.handlerRuns += 1 }
                    reply.succeed(arguments)
                },
                DBusMethod(name: "Concat", inputs: ["s", "s"], outputs: ["s"]) { arguments, reply in
                    state.update { $0.handlerRuns += 1 }
                    reply.succeed([.string((arguments[0].stringValue ?? "") + (arguments[1].stringValue ?? ""))])
                },
                DBusMethod(name: "Length", inputs: ["s"], outputs: ["u"]) { arguments, reply in
                    reply.succeed([.uint32(UInt32(arguments[0].stringValue?.utf8.count ?? 0))])
                },
                DBusMethod(name: "Fail") { _, reply in
                    reply.fail(DBusMethodError(name: Self.boom, message: "It went 'boom'"))
                },
                DBusMethod(name: "BadReturn", outputs: ["s"]) { _, reply in reply.succeed([.uint32(7)]) },
                DBusMethod(name: "Record") { _, reply in
                    state.update { $0.noReplyCalls += 1 }
                    reply.succeed([])
                },
                DBusMethod(name: "EmitTick", inputs: ["u"]) { arguments, reply in
                    do {
                        try connection?.emitSignal(
                            path: Self.path, interface: Self.interface, member: "Tick", arguments: arguments)
                        // As the properties declare: Name and Count with their values, Volatile invalidated, Constant
                        // never.
                        try connection?.emitPropertiesChanged(
                            path: Self.path, interface: Self.interface,
                            changed: [
                                ("Name", .string(state.current.name)),
                                ("Count", .uint32(UInt32(state.current.handlerRuns))),
                            ], invalidated: ["Volatile"])
                        reply.succeed([])
                    } catch {
                        reply.fail(.failed("\(error)"))
                    }
                },
            ],
            properties: [
                DBusProperty(name: "Name", signature: "s", get: { .string(state.current.name) }),
                DBusProperty(name: "Count", signature: "u", get: { .uint32(UInt32(state.current.handlerRuns)) }),
                DBusProperty(name: "Volatile", signature: "t", get: { .uint64(42) }),
                DBusProperty(name: "Constant", signature: "s", get: { .string("fixed") }),
            ])
    }

    /// `org.feels.Test1` as `Introspect` shows it: the table's methods and properties, and the signal `Tick`.
    private static let introspection = """
          <interface name="org.feels.Test1">
            <method name="Echo">
              <arg name="payload" type="v" direction="in"/>
              <arg name="payload" type="v" direction="out"/>
            </method>
            <method name="Concat">
              <arg name="first" type="s" direction="in"/>
              <arg name="second" type="s" direction="in"/>
              <arg name="joined" type="s" direction="out"/>
            </method>
            <method name="Length">
              <arg name="text" type="s" direction="in"/>
              <arg name="length" type="u" direction="out"/>
            </method>
            <method name="Fail"/>
            <method name="BadReturn">
              <arg name="text" type="s" direction="out"/>
            </method>
            <method name="Record">
              <annotation name="org.freedesktop.DBus.Method.NoReply" value="true"/>
            </method>
            <method name="EmitTick">
              <arg name="count" type="u" direction="in"/>
            </method>
            <signal name="Tick">
              <arg name="count" type="u"/>
            </signal>
            <property name="Name" type="s" access="read"/>
            <property name="Count" type="u" access="read"/>
            <property name="Volatile" type="t" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>
            </property>
            <property name="Constant" type="s" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="const"/>
            </property>
          </interface>

        """

    /// `org.feels.Broken1` as `Introspect` shows it.
    private static let brokenIntrospection = """
          <interface name="org.feels.Broken1">
            <property name="Broken" type="s" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
            </property>
          </interface>

        """
}
