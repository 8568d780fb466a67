/// Parses signature text by the D-Bus specification's grammar.
enum SignatureParser {
    /// Type codes of the basic types this binding supports.
    static let basicCodes: Set<UInt8> = Set("ybnqiuxtdsog".utf8)
    /// The deepest array and, separately, structure nesting D-Bus allows.
    static let maximumDepth = 32

    /// Validates `text`, returning the byte ranges of its complete types.
    @discardableResult
    static func parse(_ text: String) throws(DBusError) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        guard bytes.count <= 255 else {
            throw .invalidSignature(text, reason: "longer than 255 bytes")
        }
        var parser = Cursor(bytes: bytes, text: text)
        var ranges: [Range<Int>] = []
        while parser.position < bytes.count {
            let start = parser.position
            try parser.completeType(arrayDepth: 0, structDepth: 0)
            ranges.append(start..<parser.position)
        }
        return ranges
    }

    /// The complete types of a valid signature, as text.
    static func splitCompleteTypes(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        let ranges = (try? parse(text)) ?? []
        return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    private struct Cursor {
        let bytes: [UInt8]
        let text: String
        var position = 0

        func fail(_ reason: String) -> DBusError {
            .invalidSignature(text, reason: reason)
        }

        mutating func completeType(arrayDepth: Int, structDepth: Int) throws(DBusError) {
            guard position < bytes.count else { throw fail("incomplete type at the end") }
            let code = bytes[position]
            position += 1
            switch code {
            case _ where SignatureParser.basicCodes.contains(code), UInt8(ascii: "v"):
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
            guard SignatureParser.basicCodes.contains(key) else { throw fail("dict entry key must be a basic type") }
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
