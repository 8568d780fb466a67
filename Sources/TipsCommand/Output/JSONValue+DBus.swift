import DBus

extension JSONValue {
    /// A D-Bus value as JSON: integers as numbers, booleans as booleans, strings, object paths and signatures as
    /// strings, arrays and structures as arrays, dictionaries (`a{sv}` and any other) as objects, variants as what
    /// they hold.
    ///
    /// - Parameter value: The value, as a reply or signal carried it.
    public init(_ value: DBusValue) {
        switch value {
        case .byte(let number): self = .integer(Int64(number))
        case .boolean(let flag): self = .bool(flag)
        case .int16(let number): self = .integer(Int64(number))
        case .uint16(let number): self = .integer(Int64(number))
        case .int32(let number): self = .integer(Int64(number))
        case .uint32(let number): self = .integer(Int64(number))
        case .int64(let number): self = .integer(number)
        case .uint64(let number): self = .unsignedInteger(number)
        case .double(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .objectPath(let path): self = .string(path.rawValue)
        case .signature(let signature): self = .string(signature.rawValue)
        case .array(_, let elements): self = .array(elements.map(JSONValue.init))
        case .structure(let fields): self = .array(fields.map(JSONValue.init))
        case .variant(let content): self = JSONValue(content)
        case .dictionary(_, _, let entries):
            self = .object(entries.map { (Self.memberName(of: $0.key), JSONValue($0.value)) })
        }
    }

    /// A dictionary key as an object member's name: JSON names are strings, so numbers and booleans are written
    /// as their text.
    private static func memberName(of key: DBusValue) -> String {
        switch JSONValue(key) {
        case .string(let text): text
        case let other: other.encoded(pretty: false)
        }
    }
}
