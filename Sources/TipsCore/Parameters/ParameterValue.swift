/// The value of a ``TipParameter``: a count or a flag.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    /// A count.
    case integer(Int)
    /// A flag.
    case boolean(Bool)

    /// The value as rules and explanations print it: `7`, `true`.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        }
    }
}
