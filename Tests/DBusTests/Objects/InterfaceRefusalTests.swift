import BusTestSupport
import DBus
import Testing

/// An interface that cannot serve yet answers every call of its methods and properties with the error it names, and
/// serves as soon as it can.
@Suite struct InterfaceRefusalTests {
    static let name: BusName = "org.feels.Refusing"
    static let path: ObjectPath = "/org/feels/Refusing"
    static let interface: InterfaceName = "org.feels.Refusing1"
    static let waiting: ErrorName = "org.feels.Refusing1.Error.Waiting"
    static let introspection = """
          <interface name="org.feels.Refusing1">
            <method name="Hello">
              <arg name="greeting" type="s" direction="out"/>
            </method>
            <property name="Count" type="u" access="read"/>
          </interface>

        """

    @Test func whileRefusingEveryMethodAndPropertyCallGetsTheErrorAndThenTheyAreServed() throws {
        let bus = try TestBus()
        let address = bus.address
        let refusing = Locked(true)
        let thread = try LoopThread(name: "refusing") { loop in
            let connection = try DBusConnection(address: address)
            let interface = DBusInterface(
                name: Self.interface, introspection: Self.introspection,
                methods: [DBusMethod(name: "Hello", outputs: ["s"]) { _, reply in reply.succeed([.string("hello")]) }],
                properties: [DBusProperty(name: "Count", signature: "u", get: { .uint32(7) })],
                refusal: {
                    refusing.current ? DBusMethodError(name: Self.waiting, message: "not yet: the lock is held") : nil
                })
            try connection.export([interface], at: Self.path)
            connection.attach(to: loop)
            _ = try connection.requestName(Self.name)
            return connection
        }
        defer { thread.stop() }
        let client = try DBusConnection(address: address)
        func call(_ member: MemberName, _ interface: InterfaceName?, _ arguments: [DBusValue] = []) -> String {
            do {
                let values = try client.call(
                    destination: Self.name, path: Self.path, interface: interface, member: member,
                    arguments: arguments, timeout: .seconds(10))
                return "\(values)"
            } catch .remote(let name, let message) {
                return "\(name): \(message)"
            } catch {
                return "\(error)"
            }
        }
        let properties: InterfaceName = "org.freedesktop.DBus.Properties"
        let refused = "\(Self.waiting): not yet: the lock is held"

        #expect(call("Hello", Self.interface) == refused)
        #expect(call("Hello", nil) == refused)
        #expect(call("Get", properties, [.string(Self.interface.rawValue), .string("Count")]) == refused)
        #expect(call("GetAll", properties, [.string(Self.interface.rawValue)]) == refused)
        #expect(call("GetAll", properties, [.string("")]) == refused)
        // What routing decides is still routing's: the object, its other members and the standard interfaces.
        #expect(call("Nope", Self.interface).hasPrefix("org.freedesktop.DBus.Error.UnknownMethod"))
        #expect(call("Ping", "org.freedesktop.DBus.Peer") == "[]")
        #expect(call("Introspect", "org.freedesktop.DBus.Introspectable").contains("Hello"))

        refusing.update { $0 = false }
        #expect(call("Hello", Self.interface) == #"[DBus.DBusValue.string("hello")]"#)
        #expect(call("Get", properties, [.string(Self.interface.rawValue), .string("Count")]).contains("uint32(7)"))
    }
}
