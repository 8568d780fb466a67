import BusTestSupport
import Testing

@testable import DBus

/// A reply kept and copied (`DBusReplyBody`) is marshalled by this binding and handed to libdbus whole: its body
/// must be byte for byte what libdbus's own type writer writes, and refuse exactly what it refuses.
@Suite struct WireMarshallingTests {
    /// A message whose body libdbus's type writer marshals, the way replies were built before: a signal, since a
    /// body's bytes do not depend on the message's type.
    static func libdbusReply(_ values: [DBusValue]) throws(DBusError) -> DBusMessage {
        let message = try DBusMessage.signal(path: "/test", interface: "org.feels.Test1", member: "Value")
        try message.appendInOnePass(values)
        return message
    }

    /// The body of a marshalled message: its last bytes, as many as the fixed header's body length says.
    static func body(of message: DBusMessage) -> [UInt8] {
        let bytes = message.marshalled
        guard bytes.count >= 16 else { return [] }
        let length = (4..<8).reduce(0) { $0 | Int(bytes[$1]) << (8 * ($1 - 4)) }
        return Array(bytes.suffix(length))
    }

    // Each sample after a byte and before a string, so that every alignment is exercised: what follows a value
    // starts where the value ends.
    @Test(arguments: sampleValues)
    func everyValueIsWrittenAsLibdbusWritesIt(_ value: DBusValue) throws {
        let values: [DBusValue] = [.byte(7), value, .string("after")]
        let ours = try DBusMessage.methodReturnTemplate(marshalling: values)
        let theirs = try Self.libdbusReply(values)
        #expect(Self.body(of: ours) == Self.body(of: theirs))
        #expect(!Self.body(of: ours).isEmpty)
        #expect(try ours.arguments == values)
        #expect(ours.signature == theirs.signature)
        #expect(ours.estimatedSize >= ours.marshalled.count)
    }

    @Test(arguments: sampleValues)
    func aSignalIsWrittenAsLibdbusWritesIt(_ value: DBusValue) throws {
        let values: [DBusValue] = [.string("org.feels.Test1"), value, .strings(["after"])]
        let ours = try DBusMessage.signal(
            path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: values)
        let theirs = try Self.libdbusReply(values)
        #expect(Self.body(of: ours) == Self.body(of: theirs))
        #expect(try ours.arguments == values)
        #expect(ours.signature == theirs.signature)
        #expect(ours.type == .signal)
        #expect(ours.path == "/test")
        #expect(ours.interface == "org.feels.Test1")
        #expect(ours.member == "Value")
        #expect(ours.serial == 0, "the connection gives it its serial as it sends it")
        #expect(ours.noReplyExpected == theirs.noReplyExpected)
        #expect(ours.estimatedSize >= ours.marshalled.count)
    }

    @Test(arguments: OnePassMarshallingTests.mistakes)
    func aSignalRefusesEveryMistakeWithLibdbusPathsError(_ value: DBusValue) throws {
        var ours: DBusError?
        do throws(DBusError) {
            _ = try DBusMessage.signal(
                path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: [value])
        } catch { ours = error }
        var theirs: DBusError?
        do throws(DBusError) { _ = try Self.libdbusReply([value]) } catch { theirs = error }
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
        #expect(Self.body(of: ours) == Self.body(of: try Self.libdbusReply(values)))
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
            let theirs = try Self.libdbusReply([.array("a{sv}", list)])
            #expect(Self.body(of: ours) == Self.body(of: theirs), "\(count) dictionaries")
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
        #expect(Self.body(of: ours) == Self.body(of: try Self.libdbusReply([.array("a{sv}", values)])))
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
        #expect(Self.body(of: ours).isEmpty)
    }

    @Test(arguments: OnePassMarshallingTests.mistakes)
    func everyMistakeIsRefusedWithLibdbusPathsError(_ value: DBusValue) throws {
        var ours: DBusError?
        do throws(DBusError) { _ = try DBusMessage.methodReturnTemplate(marshalling: [.uint32(1), value]) } catch {
            ours = error
        }
        var theirs: DBusError?
        do throws(DBusError) { _ = try Self.libdbusReply([.uint32(1), value]) } catch { theirs = error }
        #expect(ours != nil)
        #expect(ours == theirs)
    }

    // libdbus asserts (and aborts the process) when asked to answer serial 0.
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
        let copy = try template.copied()
        #expect(copy.serial == 0, "libdbus gives the copy its serial as it sends it")
        #expect(copy.noReplyExpected)
        #expect(copy.type == .methodReturn)
        #expect(try copy.arguments == [.string("words")])
    }
}
