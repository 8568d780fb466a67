import Glibc

/// The size and nesting limits of the D-Bus wire format, checked before a value is written.
enum WireLimits {
    /// The largest message the specification allows (128 MiB).
    static let maximumMessageLength = 134_217_728
    /// The largest array the specification allows (64 MiB of marshalled elements).
    static let maximumArrayLength = 67_108_864
    /// The deepest nesting of all containers, variants included, in a message body.
    static let maximumTotalDepth = 64
}

extension DBusValue {
    /// The depth inside one more container around a value `depth` containers deep, refused beyond the wire's limit on
    /// all containers, variants included. The limits on arrays and on structures within one signature (32 each) are
    /// libdbus's signature check's, which every value's signature and every variant's passes before it is walked.
    static func deeper(_ depth: Int) throws(DBusError) -> Int {
        guard depth < WireLimits.maximumTotalDepth else { throw .nestingTooDeep(depth: depth + 1) }
        return depth + 1
    }

    /// Throws `.typeMismatch` unless this value's signature is `signature`, the one its array or dictionary declares.
    func checkSignature(_ signature: DBusSignature) throws(DBusError) {
        guard signatureText == signature.rawValue else {
            throw .typeMismatch(expected: signature.rawValue, actual: signatureText)
        }
    }

    /// The alignment of the first byte of a value with `signature`.
    static func alignment(of signature: DBusSignature) -> Int {
        alignment(ofTypeCode: signature.rawValue.utf8.first)
    }

    /// The alignment of a value whose signature starts with `code`, on the wire: each basic type its size, an array
    /// its length's 4, a structure or dictionary entry 8, a byte, signature or variant 1.
    static func alignment(ofTypeCode code: UInt8?) -> Int {
        switch code {
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "o"),
            UInt8(ascii: "a"):
            4
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 1
        }
    }

    func align(_ offset: Int, _ boundary: Int) -> Int {
        (offset + boundary - 1) / boundary * boundary
    }

    static func checkArrayLength(_ length: Int) throws(DBusError) {
        guard length <= WireLimits.maximumArrayLength else {
            throw .messageTooLarge(bytes: length, limit: WireLimits.maximumArrayLength)
        }
    }
}

extension String {
    /// Whether the text holds a NUL byte, which a D-Bus string cannot carry; `memchr` over native UTF-8.
    var containsNUL: Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0, bytes.count) != nil
        } ?? utf8.contains(0)
    }
}

extension DBusValue {
    /// Checks that libdbus can append this value, whose signature libdbus has found one complete type, and returns the
    /// body offset just after it.
    ///
    /// Checks what would otherwise make libdbus abort or build a message the bus refuses and its check of the
    /// signature cannot see: NUL in strings, elements that do not match their declared signature, nesting through
    /// variants, and sizes.
    ///
    /// - Parameters:
    ///   - offset: The body offset at which the value would start (alignment depends on it).
    ///   - depth: How many containers are around the value.
    /// - Returns: The body offset after the value.
    func checkedEnd(at offset: Int, depth: Int = 0) throws(DBusError) -> Int {
        switch self {
        case .byte: return offset + 1
        case .boolean, .int32, .uint32: return align(offset, 4) + 4
        case .int16, .uint16: return align(offset, 2) + 2
        case .int64, .uint64, .double: return align(offset, 8) + 8
        case .string(let text):
            if text.containsNUL { throw .invalidString(text) }
            return align(offset, 4) + 4 + text.utf8.count + 1
        case .objectPath(let path):
            return align(offset, 4) + 4 + path.rawValue.utf8.count + 1
        case .signature(let signature):
            return offset + 1 + signature.rawValue.utf8.count + 1
        case .array(let element, let values):
            let inner = try Self.deeper(depth)
            let start = align(align(offset, 4) + 4, Self.alignment(of: element))
            var end = start
            for value in values {
                try value.checkSignature(element)
                end = try value.checkedEnd(at: end, depth: inner)
                try Self.checkArrayLength(end - start)
            }
            return end
        case .dictionary(let key, let value, let entries):
            let inner = try Self.deeper(Self.deeper(depth))
            let start = align(align(offset, 4) + 4, 8)
            var end = start
            for entry in entries {
                try entry.key.checkSignature(key)
                try entry.value.checkSignature(value)
                end = try entry.key.checkedEnd(at: align(end, 8), depth: inner)
                end = try entry.value.checkedEnd(at: end, depth: inner)
                try Self.checkArrayLength(end - start)
            }
            return end
        case .structure(let fields):
            let inner = try Self.deeper(depth)
            var end = align(offset, 8)
            for field in fields {
                end = try field.checkedEnd(at: end, depth: inner)
            }
            return end
        case .variant(let content):
            // A variant starts a signature of its own, which libdbus checks: a basic type's is one valid code.
            let text = content.signatureText
            if content.basicTypeCode == nil {
                try DBusSignature.check(text, single: true)
            }
            return try content.checkedEnd(at: offset + 1 + text.utf8.count + 1, depth: try Self.deeper(depth))
        }
    }

    /// The type code of a basic value, whose code is its whole signature; `nil` for a container.
    var basicTypeCode: UInt8? {
        switch self {
        case .array, .dictionary, .structure, .variant: nil
        default: signatureText.utf8.first
        }
    }
}
