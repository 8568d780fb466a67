import CDBus

/// A validated D-Bus type signature: zero or more complete types, such as `s`, `a{sv}` or `sa{sv}as`.
///
/// Unix file descriptors (`h`) are not supported by this binding and are rejected.
public struct DBusSignature: Hashable, Sendable {
    /// The validated signature text.
    public let rawValue: String

    /// Validates `text` as a signature, as libdbus does: complete types only, dict entries only directly inside
    /// arrays with basic keys, at most 255 bytes, arrays and structures each nested at most 32 deep.
    ///
    /// - Parameter text: The candidate signature.
    /// - Throws: `DBusError.invalidSignature` with libdbus's reason, or `DBusError.unsupportedType` for `h`.
    public init(_ text: String) throws(DBusError) {
        try Self.check(text)
        rawValue = text
    }

    /// Refuses `text` unless it is a signature of this binding's types: of exactly one complete type when `single`.
    ///
    /// - Throws: `DBusError.invalidSignature` with libdbus's reason, or `DBusError.unsupportedType` for `h`.
    static func check(_ text: String, single: Bool = false) throws(DBusError) {
        if text.containsNUL { throw .invalidSignature(text, reason: "contains a NUL character") }
        let validate = single ? dbus_signature_validate_single : dbus_signature_validate
        let outcome = withLibDBusError { error in text.withCString { validate($0, error) } }
        if let error = outcome.error { throw .invalidSignature(text, reason: error.message) }
        // Every type code is one byte, so a byte `h` is a unix file descriptor.
        if text.utf8.contains(UInt8(ascii: "h")) { throw .unsupportedType("h (unix file descriptor)") }
    }

    /// Wraps text already known to be valid (built from valid parts).
    init(unchecked text: String) {
        rawValue = text
    }

    /// The empty signature: no values.
    public static let empty = DBusSignature(unchecked: "")
    /// `y`, an unsigned byte.
    public static let byte = DBusSignature(unchecked: "y")
    /// `i`, a signed 32-bit integer.
    public static let int32 = DBusSignature(unchecked: "i")
    /// `u`, an unsigned 32-bit integer.
    public static let uint32 = DBusSignature(unchecked: "u")
    /// `s`, a UTF-8 string.
    public static let string = DBusSignature(unchecked: "s")
    /// `o`, an object path.
    public static let objectPath = DBusSignature(unchecked: "o")
    /// `v`, a variant.
    public static let variant = DBusSignature(unchecked: "v")

    /// Whether the signature is exactly one complete type, as a value's signature must be.
    public var isSingleCompleteType: Bool {
        !rawValue.containsNUL && rawValue.withCString { dbus_signature_validate_single($0, nil) } != 0
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
