/// One D-Bus value of any supported type, arbitrarily nested.
///
/// Unix file descriptors (`h`) are not supported. Containers carry their element signatures so that empty arrays and
/// dictionaries still have a type.
public enum DBusValue: Hashable, Sendable {
    /// `y`: an unsigned byte.
    case byte(UInt8)
    /// `b`: a boolean.
    case boolean(Bool)
    /// `n`: a signed 16-bit integer.
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer.
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`: a double.
    case double(Double)
    /// `s`: a string; it must not contain NUL.
    case string(String)
    /// `o`: an object path.
    case objectPath(ObjectPath)
    /// `g`: a signature.
    case signature(DBusSignature)
    /// `a…`: an array whose elements all have the signature given first.
    case array(DBusSignature, [DBusValue])
    /// `a{kv}`: a dictionary with the key and value signatures, entries in order.
    case dictionary(key: DBusSignature, value: DBusSignature, [DBusDictEntry])
    /// `(…)`: a structure of one or more fields.
    case structure([DBusValue])
    /// `v`: a value carrying its own type.
    indirect case variant(DBusValue)

    /// The signature of this value (a single complete type when the value is well formed).
    public var signature: DBusSignature {
        DBusSignature(unchecked: signatureText)
    }

    var signatureText: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element.rawValue
        case .dictionary(let key, let value, _): "a{" + key.rawValue + value.rawValue + "}"
        case .structure(let fields): "(" + fields.map(\.signatureText).joined() + ")"
        case .variant: "v"
        }
    }
}

/// One key–value pair of a `DBusValue.dictionary`.
public struct DBusDictEntry: Hashable, Sendable {
    /// The key, of a basic type.
    public var key: DBusValue
    /// The value.
    public var value: DBusValue

    /// Creates an entry.
    public init(key: DBusValue, value: DBusValue) {
        self.key = key
        self.value = value
    }
}
