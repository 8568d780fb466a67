@testable import DBus

/// Value decoding: a method call whose body and signature are the input's, in either byte order, loaded by both
/// readers (``BothReaders``); what both accept must be written back by the binding to the very same body.
enum BodyProbe {
    static func run(_ input: inout FuzzInput) {
        let flags = input.byte()
        let signature = input.take(Int(input.byte()))
        read(signature: signature, body: input.rest, bigEndian: flags & 1 == 1, what: "a body")
    }

    /// Loads a call holding `body` of `signature` both ways, and writes what both read back (``RoundTrip``): in the
    /// little-endian order the binding writes, to `body` itself.
    static func read(signature: [UInt8], body: [UInt8], bigEndian: Bool, what: String) {
        let bytes = HandWrittenCall.bytes(signature: signature, body: body, bigEndian: bigEndian)
        guard let (message, values) = BothReaders.load(bytes, what: what) else { return }
        let read = values.map(\.signatureText).joined()
        check(read == message.signature, "\(what): read '\(read)' from a body of '\(message.signature)'")
        if case .failure(let refusal) = Result(catching: { () throws(DBusError) in try RoundTrip.body(values) }) {
            // Both readers count a value's depth as libdbus does, for which an array of fixed-size values or an empty
            // one in the 64th container holds nothing deeper; append counts its elements' level, as GLib does, and
            // refuses it, as the checks it was held to did.
            guard case .nestingTooDeep = refusal else {
                fail("\(what): the values read from '\(message.signature)' are refused when written: \(refusal)")
            }
            let reference = Result(catching: { () throws(DBusError) in try LibDBusReference.body(of: values) })
            guard case .failure(refusal) = reference else {
                fail("\(what): append refuses values read (\(refusal)), the reference checks take them")
            }
            return
        }
        let written = RoundTrip.write(values, what: "the values read from \(what) of '\(message.signature)'")
        if !bigEndian {
            check(written == body, "\(what) of '\(message.signature)', read and written back, differs")
        }
    }
}
