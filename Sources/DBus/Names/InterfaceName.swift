import CDBus

/// A D-Bus interface name such as `org.feels.Tips1`.
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `org.feels.Tips1`.
public struct InterfaceName: DBusName {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification, as libdbus does.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidInterfaceName`.
    public init(_ text: String) throws(DBusError) {
        if let problem = nameProblem(text, dbus_validate_interface) {
            throw .invalidInterfaceName(text, reason: problem)
        }
        rawValue = text
    }

    /// A name checked already: one read from a message's header, which libdbus checks as it reads it.
    init(unchecked text: String) {
        rawValue = text
    }
}
