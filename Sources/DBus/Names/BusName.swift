import CDBus

/// A D-Bus bus name, well-known (`org.feels.Tips`) or unique (`:1.42`).
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `org.feels.Tips`.
public struct BusName: DBusName {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification, as libdbus does.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidBusName`.
    public init(_ text: String) throws(DBusError) {
        if let problem = nameProblem(text, dbus_validate_bus_name) { throw .invalidBusName(text, reason: problem) }
        rawValue = text
    }
}
