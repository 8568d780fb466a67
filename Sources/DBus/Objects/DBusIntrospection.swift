/// Builds introspection documents in the standard form.
public enum DBusIntrospection {
    /// The document type line every introspection document starts with.
    static let doctype =
        "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\" "
        + "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">"

    /// A whole `<node>` document listing `interfaces`, then a `<node name="…"/>` for each child, in the given order.
    ///
    /// - Parameters:
    ///   - interfaces: `<interface>` elements (``DBusInterface/introspection``), each ending with a newline.
    ///   - children: Names of child nodes (single path elements, which need no escaping).
    /// - Returns: The XML text, ending with a newline.
    public static func document(interfaces: [String], children: [String] = []) -> String {
        doctype + "\n<node>\n" + interfaces.joined() + children.map { "  <node name=\"\($0)\"/>\n" }.joined()
            + "</node>\n"
    }

    /// `org.freedesktop.DBus.Peer` and `org.freedesktop.DBus.Introspectable`, which every object and node answers
    /// (the connection answers them itself), as `<interface>` elements.
    static let peerAndIntrospectableXML = """
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping">
            </method>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>

        """

    /// `org.freedesktop.DBus.Properties`, which every exported object answers, as an `<interface>` element.
    static let propertiesXML = """
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="props" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>

        """
}
