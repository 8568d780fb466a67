/// A D-Bus bus name, well-known (`org.feels.Tips`) or unique (`:1.42`).
///
/// Validated on creation, so a value of this type can always go on the wire. Example: `org.feels.Tips`.
public struct BusName: Hashable, Sendable, Comparable {
    /// The validated text.
    public let rawValue: String

    /// Validates `text` against the D-Bus specification.
    ///
    /// - Parameter text: The candidate name.
    /// - Throws: `DBusError.invalidBusName` naming the rule `text` breaks.
    public init(_ text: String) throws(DBusError) {
        if let problem = NameRules.busNameProblem(text) {
            throw .invalidBusName(text, reason: problem)
        }
        rawValue = text
    }

    /// Compares by text, so sorted lists of names are deterministic.
    public static func < (lhs: BusName, rhs: BusName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension BusName: ExpressibleByStringLiteral {
    /// Creates a value from a literal, which must be valid (checked with a precondition).
    ///
    /// Beware: `T("literal")` also resolves to this initializer and traps on invalid text; pass a `String`
    /// variable to `init(_:)` to get a thrown error instead.
    public init(stringLiteral value: String) {
        let problem = NameRules.busNameProblem(value)
        precondition(problem == nil, "Invalid literal '\(value)': \(problem ?? "")")
        rawValue = value
    }
}

extension BusName: CustomStringConvertible {
    /// The text of the name.
    public var description: String { rawValue }
}
