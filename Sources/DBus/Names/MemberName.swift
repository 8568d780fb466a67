import CDBus

/// A D-Bus member name: a method, signal or property such as `LogMood`.
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `LogMood`.
public struct MemberName: DBusName {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification, as libdbus does.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidMemberName`.
    public init(_ text: String) throws(DBusError) {
        if let problem = nameProblem(text, dbus_validate_member) { throw .invalidMemberName(text, reason: problem) }
        rawValue = text
    }

    /// A name checked already: one read from a message's header, which libdbus checks as it reads it.
    init(unchecked text: String) {
        rawValue = text
    }
}
