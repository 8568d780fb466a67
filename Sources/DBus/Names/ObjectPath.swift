import CDBus

/// A D-Bus object path such as `/org/feels/Tips`.
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `/org/feels/Tips`.
public struct ObjectPath: DBusName {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification, as libdbus does.
    ///
    /// - Parameter text: The candidate path.
    /// - Throws: `DBusError.invalidObjectPath`.
    public init(_ text: String) throws(DBusError) {
        if let problem = nameProblem(text, dbus_validate_path) { throw .invalidObjectPath(text, reason: problem) }
        rawValue = text
    }

    /// A path checked already: one read from a message, which libdbus checks as it reads it.
    init(unchecked text: String) {
        rawValue = text
    }

    /// The root path `/`.
    public static let root: ObjectPath = "/"

    /// Whether this path is a strict ancestor of `other` (`/org` is an ancestor of `/org/feels`).
    public func isAncestor(of other: ObjectPath) -> Bool {
        if self == other { return false }
        if rawValue == "/" { return true }
        return other.rawValue.hasPrefix(rawValue + "/")
    }

    /// The element of `descendant` directly below this path (`feels` for `/org` and `/org/feels/Tips`).
    func childElement(toward descendant: ObjectPath) -> String? {
        guard isAncestor(of: descendant) else { return nil }
        let prefixLength = rawValue == "/" ? 1 : rawValue.utf8.count + 1
        let rest = descendant.rawValue.utf8.dropFirst(prefixLength)
        return String(decoding: rest.prefix { $0 != UInt8(ascii: "/") }, as: UTF8.self)
    }
}
