/// Parses signature text by the D-Bus specification's grammar.
enum SignatureParser {
    /// Whether `code` is the type code of a basic type this binding supports (`ybnqiuxtdsog`).
    static func isBasic(_ code: UInt8) -> Bool {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "n"), UInt8(ascii: "q"), UInt8(ascii: "i"),
            UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "s"),
            UInt8(ascii: "o"), UInt8(ascii: "g"):
            true
        default: false
        }
    }
    /// The deepest array and, separately, structure nesting D-Bus allows.
    static let maximumDepth = 32

    /// Validates `text`, returning the byte ranges of its complete types.
    @discardableResult
    static func parse(_ text: String) throws(DBusError) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        try scan(text) { ranges.append($0) }
        return ranges
    }

    /// Whether `text` is a valid signature of exactly one complete type; allocates nothing for native strings.
    static func isSingleCompleteType(_ text: String) -> Bool {
        var count = 0
        do throws(DBusError) {
            try scan(text) { _ in count += 1 }
        } catch {
            return false
        }
        return count == 1
    }

    /// Validates `text`, calling `found` with the byte range of each complete type in turn.
    static func scan(_ text: String, _ found: (Range<Int>) -> Void) throws(DBusError) {
        var copy = text
        // Native strings are contiguous UTF-8, read in place; others are copied once.
        let outcome: Result<Void, DBusError> = copy.withUTF8 { bytes in
            Result { () throws(DBusError) in try scan(bytes: bytes, found) }
        }
        try outcome.get()
    }

    /// Validates the signature whose UTF-8 is `bytes`, as ``scan(_:_:)`` does text: a peer's, read in place, made
    /// into text only to say what is wrong with it.
    static func scan(bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Void) throws(DBusError) {
        var parser = Cursor(bytes: bytes)
        guard bytes.count <= 255 else { throw parser.fail("longer than 255 bytes") }
        while parser.position < bytes.count {
            let start = parser.position
            try parser.completeType(arrayDepth: 0, structDepth: 0)
            found(start..<parser.position)
        }
    }

    /// The complete types of a valid signature, as text.
    static func splitCompleteTypes(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        let ranges = (try? parse(text)) ?? []
        return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        func fail(_ reason: String) -> DBusError {
            .invalidSignature(String(decoding: bytes, as: UTF8.self), reason: reason)
        }

        mutating func completeType(arrayDepth: Int, structDepth: Int) throws(DBusError) {
            guard position < bytes.count else { throw fail("incomplete type at the end") }
            let code = bytes[position]
            position += 1
            switch code {
            case _ where SignatureParser.isBasic(code), UInt8(ascii: "v"):
                return
            case UInt8(ascii: "h"):
                throw .unsupportedType("h (unix file descriptor)")
            case UInt8(ascii: "a"):
                guard arrayDepth < SignatureParser.maximumDepth else { throw fail("arrays nested more than 32 deep") }
                if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
                    try dictEntry(arrayDepth: arrayDepth + 1, structDepth: structDepth)
                } else {
                    try completeType(arrayDepth: arrayDepth + 1, structDepth: structDepth)
                }
            case UInt8(ascii: "("):
                guard structDepth < SignatureParser.maximumDepth else {
                    throw fail("structures nested more than 32 deep")
                }
                guard position < bytes.count, bytes[position] != UInt8(ascii: ")") else {
                    throw fail("empty structure")
                }
                while position < bytes.count, bytes[position] != UInt8(ascii: ")") {
                    try completeType(arrayDepth: arrayDepth, structDepth: structDepth + 1)
                }
                guard position < bytes.count else { throw fail("unterminated structure") }
                position += 1
            case UInt8(ascii: "{"):
                throw fail("dict entry outside an array")
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                throw fail("unbalanced '\(Character(Unicode.Scalar(code)))'")
            default:
                throw fail("unknown type code '\(String(decoding: [code], as: UTF8.self))'")
            }
        }

        mutating func dictEntry(arrayDepth: Int, structDepth: Int) throws(DBusError) {
            guard structDepth < SignatureParser.maximumDepth else { throw fail("structures nested more than 32 deep") }
            position += 1
            guard position < bytes.count else { throw fail("unterminated dict entry") }
            let key = bytes[position]
            if key == UInt8(ascii: "h") { throw .unsupportedType("h (unix file descriptor)") }
            guard SignatureParser.isBasic(key) else { throw fail("dict entry key must be a basic type") }
            position += 1
            guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else {
                throw fail("dict entry needs a value type")
            }
            try completeType(arrayDepth: arrayDepth, structDepth: structDepth + 1)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                throw fail("dict entry must have exactly one key and one value")
            }
            position += 1
        }
    }
}
