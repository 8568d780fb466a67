import BusTestSupport
import DBus
import Testing

@Suite struct IntrospectionXMLTests {
    static var interface: DBusInterface {
        DBusInterface(
            name: "org.feels.Example1",
            methods: [
                DBusMethod(name: "Greet", inputs: [.init("name", "s")], outputs: [.init("greeting", "s")]) { _ in [] },
                DBusMethod(name: "Reset", annotations: [.deprecated]) { _ in [] },
            ],
            properties: [
                DBusProperty(name: "Count", signature: "u", get: { .uint32(0) }),
                DBusProperty(name: "Mode", signature: "s", emitsChangedSignal: .invalidates, get: { .string("") }) {
                    _ in
                },
            ],
            signals: [DBusSignalDescription(name: "Changed", arguments: [.init("what", "a{sv}")])],
            annotations: [DBusAnnotation("org.feels.Note", "a<b & \"c\"")])
    }

    @Test func anInterfaceIsDescribedInTheStandardForm() {
        let expected = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" \
            "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
            <node>
              <interface name="org.feels.Example1">
                <method name="Greet">
                  <arg name="name" type="s" direction="in"/>
                  <arg name="greeting" type="s" direction="out"/>
                </method>
                <method name="Reset">
                  <annotation name="org.freedesktop.DBus.Deprecated" value="true"/>
                </method>
                <signal name="Changed">
                  <arg name="what" type="a{sv}"/>
                </signal>
                <property name="Count" type="u" access="read"/>
                <property name="Mode" type="s" access="readwrite">
                  <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>
                </property>
                <annotation name="org.feels.Note" value="a&lt;b &amp; &quot;c&quot;"/>
              </interface>
              <node name="child"/>
            </node>

            """
        #expect(DBusIntrospection.document(interfaces: [Self.interface], children: ["child"]) == expected)
    }

    @Test func theDocumentForAPathListsStandardInterfacesThenOwnThenChildren() throws {
        let connection = try DBusConnectionFixture()
        try connection.connection.export(DBusObject(path: "/org/feels/Example", interfaces: [Self.interface]))
        try connection.connection.export(DBusObject(path: "/org/feels/Example/Sub/Leaf", interfaces: []))
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

    @Test func exportingAStandardInterfaceOrADuplicateIsRefused() throws {
        let fixture = try DBusConnectionFixture()
        let standard = DBusInterface(name: "org.freedesktop.DBus.Properties")
        #expect(throws: DBusError.self) {
            try fixture.connection.export(DBusObject(path: "/a", interfaces: [standard]))
        }
        #expect(throws: DBusError.self) {
            try fixture.connection.export(DBusObject(path: "/a", interfaces: [Self.interface, Self.interface]))
        }
        let twoTypes = DBusInterface(
            name: "org.feels.Bad1", methods: [DBusMethod(name: "M", inputs: [.init("x", "ss")]) { _ in [] }])
        #expect(throws: DBusError.self) {
            try fixture.connection.export(DBusObject(path: "/a", interfaces: [twoTypes]))
        }
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
