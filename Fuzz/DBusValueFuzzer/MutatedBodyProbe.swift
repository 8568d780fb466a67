@testable import DBus

/// Value decoding of bodies near valid ones: values built from the input are marshalled by the binding, a few of the
/// body's bytes are changed as the rest of the input says, and what libdbus then accepts must be read and written
/// back as `BodyProbe` requires. Mutating raw bytes alone seldom gets past libdbus's checks; this starts past them.
enum MutatedBodyProbe {
    static func run(_ input: inout FuzzInput) {
        var values: [DBusValue] = []
        for _ in 0..<(1 + input.below(3)) {
            values.append(ValueProbe.value(&input, depth: 0))
        }
        guard var body = try? RoundTrip.body(values, onePass: false), !body.isEmpty else { return }
        let signature = Array(values.map(\.signature.rawValue).joined().utf8)
        for _ in 0..<input.below(4) {
            let position = Int(input.integer(UInt16.self)) % body.count
            switch input.below(3) {
            case 0: body[position] = input.byte()
            case 1: body[position] ^= 1 << (input.byte() % 8)
            default: body[position] = body[position] &+ 1
            }
        }
        guard let message = WireMessage.load(WireMessage.methodCall(signature: signature, body: body, bigEndian: false))
        else { return }
        let read: [DBusValue]
        do {
            read = try message.arguments
        } catch .unsupportedType {
            // A changed byte of a variant's signature may make it 'h': libdbus takes a unix fd's index in a body
            // without fds, and the binding, which supports no fds, refuses it, as it must.
            check(message.signature.utf8.contains(UInt8(ascii: "v")), "unsupported type without a variant")
            return
        } catch {
            fail("libdbus accepted a changed body of '\(message.signature)', the binding cannot read it: \(error)")
        }
        let written = RoundTrip.write(read, what: "the values read from a changed body of '\(message.signature)'")
        check(written == body, "a changed body of '\(message.signature)', read and written back, differs")
    }
}
