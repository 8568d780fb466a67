import Glibc

@testable import DBus

/// The inputs a fresh corpus starts from, one for each kind the first byte picks: signatures and names, valid and
/// not, bodies the binding marshals itself from values of every type, nested and empty containers included, and
/// whole messages of each kind.
enum SeedCorpus {
    static let signatures = [
        "", "y", "s", "a{sv}", "aa{sv}", "a(xsi)", "(ybnqiuxtdsog)", "v", "av", "a{s(iv)}", "h", "a{vs}", "()", "a",
        "(a", "a{ss", "{ss}", String(repeating: "a", count: 32) + "y", String(repeating: "a", count: 33) + "y",
        String(repeating: "(", count: 32) + "y" + String(repeating: ")", count: 32),
        String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33), String(repeating: "y", count: 256),
    ]
    static let names = [
        "/", "/org/feels/Test", "//", "/org/", "org.feels.Test1", "org.feels.Test1.", "1org.feels", "Concat", "1Log",
        ":1.42", ":1.4-2", "org.feels.Test-1", "org.feels.Test1.Error.Unknown", "a.b", "a", "",
        String(repeating: "a.", count: 128) + "b",
    ]

    /// Values whose bodies seed the decoding probe.
    static var values: [[DBusValue]] {
        let basics: [DBusValue] = [
            .byte(7), .boolean(true), .int16(-2), .uint16(3), .int32(-4), .uint32(5), .int64(-6), .uint64(7),
            .double(.nan), .string("héllo"), .objectPath("/org/feels/Test"), .signature("a{sv}"),
        ]
        var deep = DBusValue.byte(1)
        for level in 0..<60 {
            deep =
                level % 3 == 0 ? .variant(deep) : level % 3 == 1 ? .structure([deep]) : .array(deep.signature, [deep])
        }
        return [
            [], basics, basics.map { .variant($0) }, [.array(.string, []), .array(.byte, [.byte(1), .byte(2)])],
            [.vardict([("name", .string("TimeViewTip")), ("count", .uint32(3)), ("items", .array("a{sv}", []))])],
            [.array("(xsi)", [.structure([.int64(1), .string("great"), .int32(3600)])])],
            [.dictionary(key: .int64, value: .variant, [DBusDictEntry(key: .int64(1), value: .variant(.double(2)))])],
            [deep],
        ]
    }

    /// Writes every seed into `folder`, which must exist, and returns how many.
    static func write(to folder: String) -> Int {
        var seeds: [[UInt8]] = []
        seeds += signatures.map { [0] + Array($0.utf8) }
        for (index, name) in names.enumerated() {
            seeds.append([1, UInt8(index % 5)] + Array(name.utf8))
        }
        for values in values {
            guard let body = try? RoundTrip.body(values) else { continue }
            let signature = Array(values.map(\.signature.rawValue).joined().utf8)
            seeds.append([2, 0, UInt8(signature.count)] + signature + body)
        }
        seeds += [[3], [3, 12, 9, 3, 65, 66, 67], [3, 16, 0, 40, 0], [3, 13, 9, 1, 65, 15, 0]]
        seeds += [[4, 0, 12, 9, 3, 65, 66, 67, 2, 1, 0, 7], [4, 1, 15, 14, 2, 5, 1, 2, 3, 4, 8, 1, 0, 0, 9, 2, 0]]
        // A message of each kind, every optional field from the names' pools, then one with a string and a
        // dictionary in its body, each with one byte changed.
        for kind: UInt8 in 0..<4 {
            seeds.append([5, kind, 0, 7, 0, 0, 0, 0x7F])
        }
        seeds.append([5, 0, 1, 9, 0, 0, 0, 0x61, 1, 2, 3, 4, 2, 9, 3, 65, 66, 67, 13, 9, 1, 65, 15, 0, 1, 40, 0, 0])
        // Bodies and whole messages at the limits both readers draw: values 64 and 65 containers deep, an array of
        // fixed-size values at the last level, header fields D-Bus does not define (twice, holding 62 and 63
        // variants, holding an 'h'), a defined field twice, a field of code 0, a type D-Bus does not define.
        for (count, innermost) in [(64, "y"), (65, "y"), (64, "ai"), (63, "av")] {
            seeds.append([2, 0, 1, UInt8(ascii: "v")] + LibDBusReference.nestedVariants(count, around: innermost))
        }
        // A unix file descriptor's index in a body without descriptors, which libdbus takes and the binding refuses.
        seeds += [
            [2, 0, 1, UInt8(ascii: "h"), 0, 0, 0, 0],
            [2, 0, 1, UInt8(ascii: "v"), 1, UInt8(ascii: "h"), 0, 0, 0, 0, 0, 0],
        ]
        let byte: [UInt8] = [1, UInt8(ascii: "y"), 0, 7]
        let replySerial: [UInt8] = [1, UInt8(ascii: "u"), 0, 1, 0, 0, 0]
        let fields: [[(code: UInt8, variant: [UInt8])]] = [
            [(42, byte), (42, byte)], [(5, replySerial), (5, replySerial)], [(0, byte)],
            [(42, LibDBusReference.nestedVariants(62, around: "y"))],
            [(42, LibDBusReference.nestedVariants(63, around: "y"))], [(42, [1, UInt8(ascii: "h"), 0, 0, 0, 0, 0])],
        ]
        for extra in fields {
            seeds.append([5, 255] + HandWrittenCall.bytes(signature: [], body: [], bigEndian: false, fields: extra))
        }
        var unknownType = HandWrittenCall.bytes(signature: [], body: [], bigEndian: true)
        unknownType[1] = 7
        seeds.append([5, 255] + unknownType)
        for (index, seed) in seeds.enumerated() {
            let path = "\(folder)/seed-\(index)"
            guard let file = fopen(path, "wb") else { continue }
            _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
        return seeds.count
    }
}
