/// How a D-Bus signature is carried in Swift: the type, and the expressions that encode a Swift value into a
/// `DBusValue` and decode one back.
struct SwiftType {
    /// The Swift type, such as `UInt32` or `Tips1.Tip`.
    var name: String
    /// The signature.
    var signature: String
    /// Makes the expression encoding `value` into a `DBusValue`.
    var encode: (_ value: String) -> String
    /// Makes the expression decoding `value` (a `DBusValue`) into an optional of ``name``; a typed dictionary's
    /// throws `DictionaryError` and needs a `try` before it.
    var decode: (_ value: String) -> String
    /// Whether decoding throws (a typed dictionary).
    var decodingThrows = false

    /// The type for `signature`, holding the dictionary type `dictionary` (a Swift type name) when it is `a{sv}` or
    /// `aa{sv}` and names one. A `v` inside a dictionary is the value it holds (the dictionary's variant is its own);
    /// a `v` argument is a variant.
    static func of(_ signature: String, dictionary: String? = nil, inDictionary: Bool = false) -> SwiftType {
        if signature == "v" {
            return inDictionary
                ? SwiftType(name: "DBusValue", signature: signature, encode: { $0 }, decode: { "Optional(\($0))" })
                : SwiftType(
                    name: "DBusValue", signature: signature, encode: { ".variant(\($0))" },
                    decode: { "\($0).variantValue" })
        }
        let basic: [String: (String, String, String)] = [
            "b": ("Bool", "boolean", "boolValue"), "y": ("UInt8", "byte", "byteValue"),
            "n": ("Int16", "int16", "int16Value"), "q": ("UInt16", "uint16", "uint16Value"),
            "i": ("Int32", "int32", "int32Value"), "u": ("UInt32", "uint32", "uint32Value"),
            "x": ("Int64", "int64", "int64Value"), "t": ("UInt64", "uint64", "uint64Value"),
            "d": ("Double", "double", "doubleValue"), "s": ("String", "string", "stringValue"),
            "o": ("ObjectPath", "objectPath", "objectPathValue"), "g": ("DBusSignature", "signature", "signatureValue"),
        ]
        if let (name, constructor, accessor) = basic[signature] {
            return SwiftType(
                name: name, signature: signature, encode: { ".\(constructor)(\($0))" }, decode: { "\($0).\(accessor)" })
        }
        if signature == "a{sv}", let dictionary, dictionary.hasSuffix("?") {
            // An empty dictionary stands for none.
            let type = String(dictionary.dropLast())
            return SwiftType(
                name: "\(type)?", signature: signature, encode: { "(\($0)?.encoded ?? .vardict([]))" },
                decode: { value in
                    "\(value).dictionary({ (entries: [String: DBusValue]) throws(DictionaryError) -> \(type)? in "
                        + "entries.isEmpty ? nil : try \(type)(decoding: entries) })"
                }, decodingThrows: true)
        }
        switch (signature, dictionary) {
        case ("as", _):
            return SwiftType(
                name: "[String]", signature: signature, encode: { ".strings(\($0))" },
                decode: { "\($0).stringArrayValue" })
        case ("a{sv}", let dictionary?):
            return SwiftType(
                name: dictionary, signature: signature, encode: { "\($0).encoded" },
                decode: { "\($0).dictionary(\(dictionary).init(decoding:))" }, decodingThrows: true)
        case ("aa{sv}", let dictionary?):
            return SwiftType(
                name: "[\(dictionary)]", signature: signature, encode: { ".array(\"a{sv}\", \($0).map(\\.encoded))" },
                decode: { value in
                    "\(value).dictionaries(\(dictionary).init(decoding:))"
                }, decodingThrows: true)
        case ("a{sv}", nil):
            return SwiftType(
                name: "[String: DBusValue]", signature: signature, encode: { ".vardict(\($0))" },
                decode: { "\($0).vardictValue" })
        default:
            // Anything else travels as the value itself, checked against its signature.
            return SwiftType(
                name: "DBusValue", signature: signature, encode: { $0 },
                decode: { "(\($0).signature == \(SwiftNames.literal(signature)) ? \($0) : nil)" })
        }
    }
}
