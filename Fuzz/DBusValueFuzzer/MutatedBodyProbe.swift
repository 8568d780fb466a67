@testable import DBus

/// Value decoding of bodies near valid ones: values built from the input are marshalled by the binding, a few of the
/// body's bytes are changed as the rest of the input says, and the call holding it is read as `BodyProbe` reads its
/// own. Mutating raw bytes alone seldom gets past the readers' checks; this starts past them.
enum MutatedBodyProbe {
    static func run(_ input: inout FuzzInput) {
        var values: [DBusValue] = []
        for _ in 0..<(1 + input.below(3)) {
            values.append(ValueProbe.value(&input, depth: 0))
        }
        guard var body = try? RoundTrip.body(values), !body.isEmpty else { return }
        let signature = Array(values.map(\.signatureText).joined().utf8)
        Mutation.apply(&body, &input, count: input.below(4))
        BodyProbe.read(signature: signature, body: body, bigEndian: false, what: "a changed body")
    }
}
