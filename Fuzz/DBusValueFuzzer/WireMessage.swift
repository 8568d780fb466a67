import CDBus

@testable import DBus

/// A method call written byte by byte (header by the specification, body as given), for libdbus to load as if it
/// came off a socket, and the marshalled form of messages the binding builds.
enum WireMessage {
    /// A method call to `/` member `M` with `signature` and `body`, in the byte order asked for.
    static func methodCall(signature: [UInt8], body: [UInt8], bigEndian: Bool) -> [UInt8] {
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
        writer.uint32(UInt32(fields.bytes.count))
        writer.bytes += fields.bytes
        writer.align(8)
        return writer.bytes + body
    }

    /// Loads `bytes` as libdbus loads a message from the wire; `nil` when libdbus finds it invalid.
    static func load(_ bytes: [UInt8]) -> DBusMessage? {
        let raw = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32($0.count), nil) }
        }
        return raw.map { DBusMessage(taking: $0) }
    }

    /// The body of `message` as libdbus marshals it, with its byte order.
    static func body(of message: DBusMessage) -> (bytes: [UInt8], bigEndian: Bool) {
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message.raw, &buffer, &length) != 0, let buffer else {
            fail("libdbus cannot marshal a message the binding built")
        }
        defer { dbus_free(buffer) }
        let all = UnsafeRawBufferPointer(start: buffer, count: Int(length))
        let bigEndian = all[0] == UInt8(ascii: "B")
        let bodyLength = (0..<4).reduce(0) { sum, index in
            sum | Int(all[4 + index]) << (bigEndian ? (3 - index) * 8 : index * 8)
        }
        return (Array(all[(all.count - bodyLength)...]), bigEndian)
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
