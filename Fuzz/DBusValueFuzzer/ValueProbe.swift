@testable import DBus

/// Argument validation: values built any way the public API allows (elements that do not match their array, keys
/// that are not basic, empty structures, NUL in strings, nesting past the limits) must be taken by the binding's
/// `append` exactly when the checks it was held to before it wrote the wire itself take them (each signature whole,
/// then `checkedEnd`), refused with the same error, and written byte for byte as libdbus's type writer writes them.
enum ValueProbe {
    static func run(_ input: inout FuzzInput) {
        var values: [DBusValue] = []
        while !input.isExhausted, values.count < 8 {
            values.append(value(&input, depth: 0))
        }
        let ours = Result { () throws(DBusError) in try RoundTrip.body(values) }
        let signature = values.map(\.signatureText).joined()
        let scanned = Result { () throws(DBusError) in
            for value in values {
                try SignatureParser.scan(value.signatureText) { _ in }
            }
        }
        if case .success = scanned, signature.utf8.count > 255 {
            // A message's signature is limited to 255 bytes: the binding's own check, before any value's; libdbus's
            // type writer is not given values past it.
            guard case .failure(.invalidSignature(let text, _)) = ours, text == signature else {
                fail("append does not refuse a signature of \(signature.utf8.count) bytes: \(ours)")
            }
            return
        }
        let theirs = Result { () throws(DBusError) in try LibDBusReference.body(of: values) }
        switch (ours, theirs) {
        case (.success(let written), .success(let reference)):
            check(written == reference, "append writes other bytes than libdbus's type writer for '\(signature)'")
            RoundTrip.write(values, what: "values built from the input")
        case (.failure(let ours), .failure(let theirs)):
            check(ours == theirs, "append refuses with \(ours), the reference checks with \(theirs)")
        case (.success, .failure(let error)):
            fail("append takes values the reference checks refuse: \(error)")
        case (.failure(let error), .success):
            fail("append refuses values the reference checks take: \(error)")
        }
    }

    /// A value of any shape, valid or not, decided by the input.
    static func value(_ input: inout FuzzInput, depth: Int) -> DBusValue {
        let choice = depth > 80 ? input.below(12) : input.below(18)
        switch choice {
        case 0: return .byte(input.byte())
        case 1: return .boolean(input.byte() & 1 == 1)
        case 2: return .int16(input.integer(Int16.self))
        case 3: return .uint16(input.integer(UInt16.self))
        case 4: return .int32(input.integer(Int32.self))
        case 5: return .uint32(input.integer(UInt32.self))
        case 6: return .int64(input.integer(Int64.self))
        case 7: return .uint64(input.integer(UInt64.self))
        case 8: return .double(Double(bitPattern: input.integer(UInt64.self)))
        case 9: return .string(input.text())
        case 10: return .objectPath((try? ObjectPath(input.text())) ?? .root)
        case 11: return .signature((try? DBusSignature(input.text())) ?? .empty)
        case 12:
            let prototype = value(&input, depth: depth + 1)
            let element = input.byte() & 7 == 0 ? signature(&input) : prototype.signature
            var elements = [prototype]
            // Copies of a value cost nothing to make but a walk each: a few bytes of input must not describe a value
            // of millions of elements.
            for _ in 0..<max(0, min(input.below(4), maximumSize / max(1, size(of: prototype)) - 1)) {
                elements.append(input.byte() & 3 == 0 ? value(&input, depth: depth + 1) : prototype)
            }
            return .array(element, input.byte() & 15 == 0 ? [] : elements)
        case 13:
            let key = value(&input, depth: depth + 1)
            let content = value(&input, depth: depth + 1)
            let keySignature = input.byte() & 7 == 0 ? signature(&input) : key.signature
            let copies = min(input.below(3), maximumSize / max(1, size(of: key) + size(of: content)))
            let entries = (0..<copies).map { _ in DBusDictEntry(key: key, value: content) }
            return .dictionary(key: keySignature, value: content.signature, entries)
        case 14:
            return .structure((0..<input.below(4)).map { _ in value(&input, depth: depth + 1) })
        case 15:
            return .variant(value(&input, depth: depth + 1))
        case 16:
            // A chain of containers, to reach and pass the nesting limits.
            var inner = value(&input, depth: 81)
            for _ in 0..<Int(input.byte() % 72) {
                switch input.below(3) {
                case 0: inner = .array(inner.signature, [inner])
                case 1: inner = .structure([inner])
                default: inner = .variant(inner)
                }
            }
            return inner
        default:
            return .string(String(repeating: "x", count: Int(input.integer(UInt16.self))))
        }
    }

    /// The most values, counting every element of every container, one value built from the input may hold.
    static let maximumSize = 512

    /// How many values `value` holds, itself included, counted up to just past ``maximumSize``; a string counts once
    /// more for every 64 bytes, so that copies of a long one do not make bodies of megabytes, which every probe then
    /// writes and reads a dozen times.
    static func size(of value: DBusValue) -> Int {
        switch value {
        case .string(let text): min(maximumSize + 1, 1 + text.utf8.count / 64)
        case .array(_, let elements): elements.reduce(1) { min(maximumSize + 1, $0 + size(of: $1)) }
        case .dictionary(_, _, let entries):
            entries.reduce(1) { min(maximumSize + 1, $0 + size(of: $1.key) + size(of: $1.value)) }
        case .structure(let fields): fields.reduce(1) { min(maximumSize + 1, $0 + size(of: $1)) }
        case .variant(let content): 1 + size(of: content)
        default: 1
        }
    }

    /// A signature from the input text, any valid one, or `y`.
    static func signature(_ input: inout FuzzInput) -> DBusSignature {
        (try? DBusSignature(input.text())) ?? .byte
    }
}
