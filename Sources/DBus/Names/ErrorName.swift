import CDBus

/// A D-Bus error name such as `org.freedesktop.DBus.Error.Failed`.
///
/// Validated on creation, so a value of this type can always go on the wire.
/// Example: `org.freedesktop.DBus.Error.Failed`.
public struct ErrorName: DBusName {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification, as libdbus does.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidErrorName`.
    public init(_ text: String) throws(DBusError) {
        if let problem = nameProblem(text, dbus_validate_error_name) { throw .invalidErrorName(text, reason: problem) }
        rawValue = text
    }
}
