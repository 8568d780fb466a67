import BusTestSupport
import Testing

@testable import DBus

/// Replies, signals and calls are marshalled by this binding: a body must be byte for byte what libdbus's own type
/// writer writes, and refuse exactly what the binding refused before it wrote the wire itself.
@Suite struct WireMarshallingTests {
    /// The body libdbus's type writer writes for `values`.
    static func libdbusBody(_ values: [DBusValue]) throws(DBusError) -> [UInt8] {
        try LibDBusReference.body(of: values)
    }

    /// The size of `message` on the wire once numbered.
    static func sentSize(_ message: DBusMessage) throws -> Int {
        var wire = message.wire
        wire.serial = 1
        if wire.kind == .methodReturn, wire.replySerial == nil { wire.replySerial = 1 }
        return try wire.serialized().count
    }

    // Each sample after a byte and before a string, so that every alignment is exercised: what follows a value
    // starts where the value ends.
    @Test(arguments: sampleValues)
    func everyValueIsWrittenAsLibdbusWritesIt(_ value: DBusValue) throws {
        let values: [DBusValue] = [.byte(7), value, .string("after")]
        let ours = try DBusMessage.methodReturnTemplate(marshalling: values)
        #expect(ours.wire.body == (try Self.libdbusBody(values)))
        #expect(!ours.wire.body.isEmpty)
        #expect(try ours.arguments == values)
        #expect(ours.signature == values.map(\.signatureText).joined())
        #expect(ours.estimatedSize >= (try Self.sentSize(ours)))
    }

    @Test(arguments: sampleValues)
    func aSignalIsWrittenAsLibdbusWritesIt(_ value: DBusValue) throws {
        let values: [DBusValue] = [.string("org.feels.Test1"), value, .strings(["after"])]
        let ours = try DBusMessage.signal(
            path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: values)
        #expect(ours.wire.body == (try Self.libdbusBody(values)))
        #expect(try ours.arguments == values)
        #expect(ours.signature == values.map(\.signatureText).joined())
        #expect(ours.type == .signal)
        #expect(ours.path == "/test")
        #expect(ours.interface == "org.feels.Test1")
        #expect(ours.member == "Value")
        #expect(ours.serial == 0, "the connection gives it its serial as it sends it")
        #expect(ours.noReplyExpected, "as libdbus marks every signal")
        #expect(ours.estimatedSize >= (try Self.sentSize(ours)))
    }

    @Test(arguments: mistakes)
    func aSignalRefusesEveryMistakeWithLibdbusPathsError(_ value: DBusValue) throws {
        var ours: DBusError?
        do throws(DBusError) {
            _ = try DBusMessage.signal(
                path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: [value])
        } catch { ours = error }
        var theirs: DBusError?
        do throws(DBusError) { _ = try Self.libdbusBody([value]) } catch { theirs = error }
        #expect(ours != nil)
        #expect(ours == theirs)
    }

    @Test func aTipShapedDictionaryListIsWrittenAsLibdbusWritesIt() throws {
        let tip = DBusValue.vardict([
            ("id", .string("SiriShortcutTip")), ("shown", .boolean(true)), ("count", .uint32(3)),
            ("rules", .variant(.array("a{sv}", [.vardict([("kind", .string("parameter")), ("value", .int64(-2))])]))),
            ("icons", .strings(["face-smile-symbolic", "face-smile"])), ("at", .variant(.double(1.25))),
        ])
        let values: [DBusValue] = [.array("a{sv}", [tip, .vardict([]), tip])]
        let ours = try DBusMessage.methodReturnTemplate(marshalling: values)
        #expect(ours.wire.body == (try Self.libdbusBody(values)))
        #expect(try ours.arguments == values)
    }

    // Dictionaries of different lengths, so that the next one starts at a 4-byte boundary that is not an 8-byte
    // one as often as at one that is; an empty one among them.
    static let dictionaries: [DBusValue] = [
        .vardict([("id", .string("SiriShortcutTip"))]), .vardict([]), .vardict([("a", .byte(1))]),
        .vardict([("at", .double(2.5)), ("names", .strings(["x", "yz"]))]), .vardict([("b", .boolean(false))]),
        .vardict([("nested", .vardict([("deep", .int64(-1))])), ("n", .uint16(3))]),
    ]

    @Test func dictionariesMarshalledApartArePlacedAsLibdbusWritesTheList() throws {
        for count in 0...Self.dictionaries.count {
            let list = Array(Self.dictionaries.prefix(count))
            let parts = try list.map { try DBusMarshalledValue($0) }
            let ours = try DBusMessage.methodReturnTemplate(array: "a{sv}", of: parts)
            #expect(ours.wire.body == (try Self.libdbusBody([.array("a{sv}", list)])), "\(count) dictionaries")
            #expect(try ours.arguments == [.array("a{sv}", list)])
            #expect(ours.signature == "aa{sv}")
        }
    }

    @Test func onePartMarshalledOnceIsPlacedWhereverTheListPutsIt() throws {
        let part = try DBusMarshalledValue(Self.dictionaries[3])
        let short = try DBusMarshalledValue(Self.dictionaries[2])
        let list = [part, short, part, part, short, part]
        let ours = try DBusMessage.methodReturnTemplate(array: "a{sv}", of: list)
        let values = [3, 2, 3, 3, 2, 3].map { Self.dictionaries[$0] }
        #expect(ours.wire.body == (try Self.libdbusBody([.array("a{sv}", values)])))
    }

    @Test func aPartOfAnotherSignatureOrAValueNotADictionaryIsRefused() throws {
        let other = try DBusMarshalledValue(.dictionary(key: .string, value: .string, []))
        #expect(throws: DBusError.typeMismatch(expected: "a{sv}", actual: "a{ss}")) {
            try DBusMessage.methodReturnTemplate(array: "a{sv}", of: [other])
        }
        #expect(throws: DBusError.self) { try DBusMarshalledValue(.strings(["a"])) }
        #expect(throws: DBusError.invalidString("a\0b")) { try DBusMarshalledValue(.vardict([("k", .string("a\0b"))])) }
    }

    @Test func anEmptyBodyHasNoSignature() throws {
        let ours = try DBusMessage.methodReturnTemplate(marshalling: [])
        #expect(ours.signature == "")
        #expect(try ours.arguments == [])
        #expect(ours.wire.body.isEmpty)
    }

    @Test(arguments: mistakes)
    func everyMistakeIsRefusedWithLibdbusPathsError(_ value: DBusValue) throws {
        var ours: DBusError?
        do throws(DBusError) { _ = try DBusMessage.methodReturnTemplate(marshalling: [.uint32(1), value]) } catch {
            ours = error
        }
        var theirs: DBusError?
        do throws(DBusError) { _ = try Self.libdbusBody([.uint32(1), value]) } catch { theirs = error }
        #expect(ours != nil)
        #expect(ours == theirs)
    }

    // A reply to serial 0 would answer nothing (libdbus asserts, and aborts the process).
    @Test func aCallNeverSentIsRefusedAnAnswerRatherThanAbortingTheProcess() throws {
        let call = try DBusMessage.methodCall(
            destination: "org.feels.Test", path: "/test", interface: "org.feels.Test1", member: "Get")
        #expect(throws: DBusError.invalidMessage("a message never sent has no serial to answer")) {
            try DBusMessage.methodReturn(replyingTo: call)
        }
        #expect(throws: DBusError.invalidMessage("a message never sent has no serial to answer")) {
            try DBusMessage.methodReturn(replyingTo: call, body: try DBusReplyBody([.string("words")]))
        }
    }

    @Test func aCopyOfTheTemplateHasNoSerialYetAndExpectsNoReply() throws {
        let template = try DBusMessage.methodReturnTemplate(marshalling: [.string("words")])
        let copy = template.copied()
        #expect(copy.serial == 0, "the connection gives the copy its serial as it sends it")
        #expect(copy.noReplyExpected)
        #expect(copy.type == .methodReturn)
        #expect(try copy.arguments == [.string("words")])
    }

    static let mistakes: [DBusValue] = [
        .string("a\0b"), .vardict([("key", .strings(["x\0"]))]), .array(.string, [.string("a"), .uint32(1)]),
        .dictionary(key: .string, value: .variant, [DBusDictEntry(key: .string("k"), value: .string("v"))]),
        .structure([]), .dictionary(key: .variant, value: .string, []), .array("ss", []),
        .variant(.structure([.structure([])])),
        // Thirty-two arrays deep is a valid element signature, and one too many inside the array around it.
        .array(DBusSignature(unchecked: String(repeating: "a", count: 32) + "y"), []),
        // An array of no element type: its signature is the one character "a", refused as incomplete (found by
        // DBusValueFuzzer when only signatures longer than one character were parsed).
        .array(DBusSignature(unchecked: ""), []),
    ]

    @Test func variantsNestedDeeperThanSixtyFourAreRefusedToo() throws {
        var value = DBusValue.byte(1)
        for _ in 0..<65 { value = .variant(value) }
        #expect(throws: DBusError.nestingTooDeep(depth: 65)) {
            try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: [value])
        }
    }
}
