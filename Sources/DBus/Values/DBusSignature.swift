/// A validated D-Bus type signature: zero or more complete types, such as `s`, `a{sv}` or `sa{sv}as`.
///
/// Unix file descriptors (`h`) are not supported by this binding and are rejected.
public struct DBusSignature: Hashable, Sendable {
    /// The validated signature text.
    public let rawValue: String

    /// Validates `text` as a signature: complete types only, dict entries only directly inside arrays with basic
    /// keys, at most 255 bytes, arrays and structures each nested at most 32 deep.
    ///
    /// - Parameter text: The candidate signature.
    /// - Throws: `DBusError.invalidSignature` naming the problem, or `DBusError.unsupportedType` for `h`.
    public init(_ text: String) throws(DBusError) {
        try SignatureParser.scan(text) { _ in }
        rawValue = text
    }

    /// Wraps text already known to be valid (built from valid parts).
    init(unchecked text: String) {
        rawValue = text
    }

    /// The empty signature: no values.
    public static let empty = DBusSignature(unchecked: "")
    /// `y`, an unsigned byte.
    public static let byte = DBusSignature(unchecked: "y")
    /// `b`, a boolean.
    public static let boolean = DBusSignature(unchecked: "b")
    /// `n`, a signed 16-bit integer.
    public static let int16 = DBusSignature(unchecked: "n")
    /// `q`, an unsigned 16-bit integer.
    public static let uint16 = DBusSignature(unchecked: "q")
    /// `i`, a signed 32-bit integer.
    public static let int32 = DBusSignature(unchecked: "i")
    /// `u`, an unsigned 32-bit integer.
    public static let uint32 = DBusSignature(unchecked: "u")
    /// `x`, a signed 64-bit integer.
    public static let int64 = DBusSignature(unchecked: "x")
    /// `t`, an unsigned 64-bit integer.
    public static let uint64 = DBusSignature(unchecked: "t")
    /// `d`, an IEEE 754 double.
    public static let double = DBusSignature(unchecked: "d")
    /// `s`, a UTF-8 string.
    public static let string = DBusSignature(unchecked: "s")
    /// `o`, an object path.
    public static let objectPath = DBusSignature(unchecked: "o")
    /// `g`, a signature.
    public static let signature = DBusSignature(unchecked: "g")
    /// `v`, a variant.
    public static let variant = DBusSignature(unchecked: "v")
    /// `a{sv}`, the usual dictionary of named variants.
    public static let vardict = DBusSignature(unchecked: "a{sv}")

    /// The signature of an array of `element`.
    ///
    /// - Throws: `DBusError.invalidSignature` when `element` is not a single complete type or the result is too long
    ///   or too deep.
    public static func array(of element: DBusSignature) throws(DBusError) -> DBusSignature {
        guard element.isSingleCompleteType else {
            throw .invalidSignature(element.rawValue, reason: "an array element must be a single complete type")
        }
        return try DBusSignature("a" + element.rawValue)
    }

    /// The signature of a dictionary (`a{kv}`) from `key` to `value`.
    ///
    /// - Throws: `DBusError.invalidSignature` when the key is not basic or the value not a single complete type.
    public static func dictionary(key: DBusSignature, value: DBusSignature) throws(DBusError) -> DBusSignature {
        guard value.isSingleCompleteType else {
            throw .invalidSignature(value.rawValue, reason: "a dictionary value must be a single complete type")
        }
        return try DBusSignature("a{" + key.rawValue + value.rawValue + "}")
    }

    /// The signature of a structure of `fields`.
    ///
    /// - Throws: `DBusError.invalidSignature` when `fields` is empty or the result is too long or too deep.
    public static func structure(_ fields: [DBusSignature]) throws(DBusError) -> DBusSignature {
        try DBusSignature("(" + fields.map(\.rawValue).joined() + ")")
    }

    /// The signatures concatenated, as in a message's body signature.
    ///
    /// - Throws: `DBusError.invalidSignature` when the result is longer than 255 bytes.
    public init(concatenating parts: [DBusSignature]) throws(DBusError) {
        try self.init(parts.map(\.rawValue).joined())
    }

    /// The complete types this signature lists, in order (`sa{sv}` gives `s` and `a{sv}`).
    public var completeTypes: [DBusSignature] {
        SignatureParser.splitCompleteTypes(rawValue).map { DBusSignature(unchecked: $0) }
    }

    /// Whether the signature is exactly one complete type, as a value's signature must be.
    public var isSingleCompleteType: Bool {
        SignatureParser.isSingleCompleteType(rawValue)
    }

    /// Whether the signature is one basic type (integers, boolean, double, string, object path, signature).
    public var isBasic: Bool {
        rawValue.utf8.count == 1 && SignatureParser.isBasic(rawValue.utf8[rawValue.utf8.startIndex])
    }
}

extension DBusSignature: ExpressibleByStringLiteral {
    /// Creates a signature from a literal, which must be valid (checked with a precondition).
    ///
    /// Beware: `DBusSignature("literal")` also resolves to this initializer and traps on invalid text; pass a
    /// `String` variable to `init(_:)` to get a thrown error instead.
    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            preconditionFailure("Invalid signature literal: \(error)")
        }
    }
}

extension DBusSignature: CustomStringConvertible {
    /// The signature text.
    public var description: String { rawValue }
}
