/// A D-Bus object path such as `/org/feels/Tips`.
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `/org/feels/Tips`.
public struct ObjectPath: Hashable, Sendable, Comparable {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidObjectPath` naming the rule `text` breaks.
    public init(_ text: String) throws(DBusError) {
        if let problem = NameRules.objectPathProblem(text) {
            throw .invalidObjectPath(text, reason: problem)
        }
        rawValue = text
    }

    /// A name checked already: one read from a message's header, which is checked as it is read.
    init(unchecked text: String) {
        rawValue = text
    }

    /// Compares by text, so sorted lists of names are deterministic.
    public static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension ObjectPath: ExpressibleByStringLiteral {
    /// Creates a value from a literal, which must be valid (checked with a precondition).
    ///
    /// Beware: `T("literal")` also resolves to this initializer and traps on invalid text; pass a `String`
    /// variable to `init(_:)` to get a thrown error instead.
    public init(stringLiteral value: String) {
        let problem = NameRules.objectPathProblem(value)
        precondition(problem == nil, "Invalid literal '\(value)': \(problem ?? "")")
        rawValue = value
    }
}

extension ObjectPath: CustomStringConvertible {
    /// The text of the name.
    public var description: String { rawValue }
}

extension ObjectPath {
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
