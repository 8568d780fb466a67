/// A JSON value; an object keeps its members in the order they were given, so output is stable.
public indirect enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A signed integer.
    case integer(Int64)
    /// An unsigned integer, for `t` values above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A number with a fraction; not-a-number and infinities are written as `null`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: names and values, in order.
    case object([(String, JSONValue)])

    /// A string, or `null` for `nil`.
    public static func optional(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }
}
