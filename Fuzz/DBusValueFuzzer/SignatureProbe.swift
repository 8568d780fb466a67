@testable import DBus

/// Signature parsing: the binding's parser must accept exactly what libdbus accepts (but for `h`, which the binding
/// refuses as unsupported), and split a signature into the same complete types.
enum SignatureProbe {
    static func run(_ input: inout FuzzInput) {
        let text = String(decoding: input.rest, as: UTF8.self)
        let ours: DBusSignature?
        var refusal: DBusError?
        do {
            ours = try DBusSignature(text)
        } catch {
            ours = nil
            refusal = error
        }
        guard !text.utf8.contains(0) else {
            // libdbus reads C strings and would see only the text before the NUL.
            check(ours == nil, "the signature '\(text)' with a NUL was accepted")
            return
        }
        let theirs = LibDBusOracle.isValidSignature(text)
        if let ours {
            check(theirs, "the binding accepts the signature '\(text)', libdbus refuses it")
            check(
                ours.completeTypes.map(\.rawValue) == LibDBusOracle.completeTypes(text),
                "'\(text)' splits into \(ours.completeTypes) here, \(LibDBusOracle.completeTypes(text)) in libdbus")
            check(
                ours.isSingleCompleteType == LibDBusOracle.isSingleCompleteType(text),
                "'\(text)' is a single complete type here: \(ours.isSingleCompleteType), in libdbus: not so")
        } else if theirs {
            guard case .unsupportedType = refusal else {
                fail("libdbus accepts the signature '\(text)', the binding refuses it: \(String(describing: refusal))")
            }
            check(text.utf8.contains(UInt8(ascii: "h")), "'\(text)' refused as unsupported without an 'h'")
        }
    }
}
