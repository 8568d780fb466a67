@testable import DBus

/// Value decoding: a body libdbus accepts must be read by the binding without error (but for unix fds, which it does
/// not support), and written back by both of its append paths to the very same bytes.
enum BodyProbe {
    static func run(_ input: inout FuzzInput) {
        let flags = input.byte()
        let signature = input.take(Int(input.byte()))
        let body = input.rest
        guard
            let message = WireMessage.load(
                WireMessage.methodCall(signature: signature, body: body, bigEndian: flags & 1 == 1))
        else { return }
        // The header getters must cope with whatever libdbus loaded.
        _ = (message.type, message.path, message.interface, message.member, message.errorName, message.signature)
        let values: [DBusValue]
        do {
            values = try message.arguments
        } catch .unsupportedType {
            // The 'h' is in the body's signature, or in a variant's.
            let signature = message.signature.utf8
            check(
                signature.contains(UInt8(ascii: "h")) || signature.contains(UInt8(ascii: "v")),
                "unsupported type without an 'h'")
            return
        } catch {
            fail("libdbus accepted the body '\(message.signature)', the binding cannot read it: \(error)")
        }
        let read = values.map(\.signature.rawValue).joined()
        check(read == message.signature, "read '\(read)' from a body of '\(message.signature)'")
        let written = RoundTrip.write(values, what: "the values read from '\(message.signature)'")
        if flags & 1 == 0 {
            check(written == body, "'\(message.signature)' read and written back differs from the body loaded")
        }
    }
}
