import BusTestSupport
import DBus
import Testing

@Suite struct IntrospectionXMLTests {
    static let element = """
          <interface name="org.feels.Example1">
            <method name="Greet">
              <arg name="name" type="s" direction="in"/>
              <arg name="greeting" type="s" direction="out"/>
            </method>
            <property name="Count" type="u" access="read"/>
          </interface>

        """

    static var interface: DBusInterface {
        DBusInterface(
            name: "org.feels.Example1", introspection: element,
            methods: [DBusMethod(name: "Greet", inputs: ["s"], outputs: ["s"]) { _, reply in reply.succeed([]) }],
            properties: [DBusProperty(name: "Count", signature: "u", get: { .uint32(0) })])
    }

    @Test func aDocumentHasTheStandardFormTheInterfacesAsGivenThenTheChildren() {
        let expected = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" \
            "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
            <node>
              <interface name="org.feels.Example1">
                <method name="Greet">
                  <arg name="name" type="s" direction="in"/>
                  <arg name="greeting" type="s" direction="out"/>
                </method>
                <property name="Count" type="u" access="read"/>
              </interface>
              <node name="child"/>
            </node>

            """
        #expect(DBusIntrospection.document(interfaces: [Self.element], children: ["child"]) == expected)
    }

    @Test func theDocumentForAPathListsStandardInterfacesThenOwnThenChildren() throws {
        let connection = try DBusConnectionFixture()
        try connection.connection.export([Self.interface], at: "/org/feels/Example")
        try connection.connection.export([], at: "/org/feels/Example/Sub/Leaf")
        let document = try #require(connection.connection.introspectionDocument(for: "/org/feels/Example"))
        let names = document.split(separator: "\n").filter { $0.contains("<interface") || $0.contains("<node name") }
        #expect(
            names.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "<interface name=\"org.freedesktop.DBus.Peer\">",
                "<interface name=\"org.freedesktop.DBus.Introspectable\">",
                "<interface name=\"org.freedesktop.DBus.Properties\">",
                "<interface name=\"org.feels.Example1\">",
                "<node name=\"Sub\"/>",
            ])
        let root = try #require(connection.connection.introspectionDocument(for: "/"))
        #expect(root.contains("<node name=\"org\"/>"))
        #expect(!root.contains("org.freedesktop.DBus.Properties"))
        #expect(connection.connection.introspectionDocument(for: "/elsewhere") == nil)
    }
}

/// A bus and one connection to it, on the test thread.
final class DBusConnectionFixture {
    let bus: TestBus
    let connection: DBusConnection

    init() throws {
        bus = try TestBus()
        connection = try DBusConnection(address: bus.address)
    }
}
