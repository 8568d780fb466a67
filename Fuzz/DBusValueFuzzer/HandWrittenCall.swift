/// A method call written byte by byte, the header by the specification and the body as given, apart from the
/// binding's own writer: bytes as a peer could send them, for both readers to load.
enum HandWrittenCall {
    /// A method call to `/` member `M`, serial 1, with `signature` and `body`, in the byte order asked for, and
    /// `fields` after its own: each a code, then its variant's bytes as they are.
    static func bytes(
        signature: [UInt8], body: [UInt8], bigEndian: Bool, fields extra: [(code: UInt8, variant: [UInt8])] = []
    ) -> [UInt8] {
        var writer = Writer(bigEndian: bigEndian)
        writer.bytes += [bigEndian ? UInt8(ascii: "B") : UInt8(ascii: "l"), 1, 0, 1]
        writer.uint32(UInt32(body.count))
        writer.uint32(1)
        var fields = Writer(bigEndian: bigEndian, start: 16)
        fields.field(1, type: "o", text: Array("/".utf8))
        fields.field(3, type: "s", text: Array("M".utf8))
        if !signature.isEmpty {
            fields.field(8, type: "g", text: signature)
        }
        for field in extra {
            fields.align(8)
            fields.bytes += [field.code] + field.variant
        }
        writer.uint32(UInt32(fields.bytes.count))
        writer.bytes += fields.bytes
        writer.align(8)
        return writer.bytes + body
    }

    private struct Writer {
        let bigEndian: Bool
        var start = 0
        var bytes: [UInt8] = []

        mutating func align(_ boundary: Int) {
            while (start + bytes.count) % boundary != 0 { bytes.append(0) }
        }

        mutating func uint32(_ value: UInt32) {
            align(4)
            let ordered = bigEndian ? value.bigEndian : value.littleEndian
            withUnsafeBytes(of: ordered) { bytes += $0 }
        }

        mutating func field(_ code: UInt8, type: Character, text: [UInt8]) {
            align(8)
            bytes += [code, 1, UInt8(ascii: type.unicodeScalars.first ?? "s"), 0]
            if type == "g" {
                bytes.append(UInt8(truncatingIfNeeded: text.count))
            } else {
                uint32(UInt32(text.count))
            }
            bytes += text + [0]
        }
    }
}
