/// Builds introspection documents in the standard form.
public enum DBusIntrospection {
    /// The document type line every introspection document starts with.
    public static let doctype =
        "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\" "
        + "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">"

    /// A whole `<node>` document listing `interfaces`, then a `<node name="…"/>` for each child, in the given order.
    ///
    /// - Parameters:
    ///   - interfaces: The interfaces to describe.
    ///   - children: Names of child nodes (single path elements).
    /// - Returns: The XML text, ending with a newline.
    public static func document(interfaces: [DBusInterface], children: [String] = []) -> String {
        var text = doctype + "\n<node>\n"
        for interface in interfaces {
            text += interface.introspectionXML
        }
        for child in children {
            text += "  <node name=\"\(child.xmlEscaped)\"/>\n"
        }
        return text + "</node>\n"
    }

    /// `org.freedesktop.DBus.Peer`, which every object and node answers.
    public static var peerInterface: DBusInterface {
        DBusInterface(
            name: "org.freedesktop.DBus.Peer",
            methods: [
                DBusMethod(name: "Ping", handler: unroutable),
                DBusMethod(name: "GetMachineId", outputs: [DBusArgument("machine_uuid", .string)], handler: unroutable),
            ])
    }

    /// `org.freedesktop.DBus.Introspectable`, which every object and node answers.
    public static var introspectableInterface: DBusInterface {
        DBusInterface(
            name: "org.freedesktop.DBus.Introspectable",
            methods: [DBusMethod(name: "Introspect", outputs: [DBusArgument("xml_data", .string)], handler: unroutable)]
        )
    }

    /// `org.freedesktop.DBus.Properties`, which every exported object answers.
    public static var propertiesInterface: DBusInterface {
        DBusInterface(
            name: "org.freedesktop.DBus.Properties",
            methods: [
                DBusMethod(
                    name: "Get",
                    inputs: [DBusArgument("interface_name", .string), DBusArgument("property_name", .string)],
                    outputs: [DBusArgument("value", .variant)], handler: unroutable),
                DBusMethod(
                    name: "GetAll", inputs: [DBusArgument("interface_name", .string)],
                    outputs: [DBusArgument("props", .vardict)], handler: unroutable),
                DBusMethod(
                    name: "Set",
                    inputs: [
                        DBusArgument("interface_name", .string), DBusArgument("property_name", .string),
                        DBusArgument("value", .variant),
                    ], handler: unroutable),
            ],
            signals: [
                DBusSignalDescription(
                    name: "PropertiesChanged",
                    arguments: [
                        DBusArgument("interface_name", .string), DBusArgument("changed_properties", .vardict),
                        DBusArgument("invalidated_properties", "as"),
                    ])
            ])
    }

    // The connection answers the standard methods itself; these descriptions exist only for introspection.
    private static func unroutable(_ call: DBusMethodCall) throws(DBusMethodError) -> [DBusValue] {
        throw .unknownMethod("Method '\(call.member)' is answered by the connection")
    }
}
