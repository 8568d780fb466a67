/// A D-Bus member name: a method, signal or property such as `LogMood`.
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `LogMood`.
public struct MemberName: Hashable, Sendable, Comparable {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidMemberName` naming the rule `text` breaks.
    public init(_ text: String) throws(DBusError) {
        if let problem = NameRules.memberNameProblem(text) {
            throw .invalidMemberName(text, reason: problem)
        }
        rawValue = text
    }

    /// A name checked already: one read from a message's header, which is checked as it is read.
    init(unchecked text: String) {
        rawValue = text
    }

    /// Compares by text, so sorted lists of names are deterministic.
    public static func < (lhs: MemberName, rhs: MemberName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension MemberName: ExpressibleByStringLiteral {
    /// Creates a value from a literal, which must be valid (checked with a precondition).
    ///
    /// Beware: `T("literal")` also resolves to this initializer and traps on invalid text; pass a `String`
    /// variable to `init(_:)` to get a thrown error instead.
    public init(stringLiteral value: String) {
        let problem = NameRules.memberNameProblem(value)
        precondition(problem == nil, "Invalid literal '\(value)': \(problem ?? "")")
        rawValue = value
    }
}

extension MemberName: CustomStringConvertible {
    /// The text of the name.
    public var description: String { rawValue }
}
