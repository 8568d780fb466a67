import BusTestSupport
import Testing

@testable import DBus

/// Replies and signals the binding builds: what they hold reads back as the values put in, with the header libdbus
/// gives them, and every value libdbus would abort on is refused first, with the same error whichever way it comes.
@Suite struct ReplyBodyTests {
    // Each sample after a byte and before a string, so that every alignment is exercised.
    @Test(arguments: sampleValues)
    func everyValueReadsBackFromAReply(_ value: DBusValue) throws {
        let values: [DBusValue] = [.byte(7), value, .string("after")]
        let reply = try DBusMessage.methodReturnTemplate(marshalling: values)
        #expect(try reply.arguments == values)
        #expect(reply.signature == values.map(\.signatureText).joined())
        #expect(reply.noReplyExpected, "as libdbus marks every reply")
    }

    @Test(arguments: sampleValues)
    func aSignalHoldsItsValuesAndHeader(_ value: DBusValue) throws {
        let values: [DBusValue] = [.string("org.feels.Test1"), value, .strings(["after"])]
        let signal = try DBusMessage.signal(
            path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: values)
        #expect(try signal.arguments == values)
        #expect(signal.signature == values.map(\.signatureText).joined())
        #expect(signal.type == .signal)
        #expect(signal.path == "/test")
        #expect(signal.interface == "org.feels.Test1")
        #expect(signal.member == "Value")
        #expect(signal.serial == 0, "the connection gives it its serial as it sends it")
    }

    @Test(arguments: MarshallingTests.mistakes)
    func aSignalAndAReplyRefuseEveryMistakeAlike(_ value: DBusValue) throws {
        var signalError: DBusError?
        do throws(DBusError) {
            _ = try DBusMessage.signal(
                path: "/test", interface: "org.feels.Test1", member: "Value", marshalling: [value])
        } catch { signalError = error }
        var replyError: DBusError?
        do throws(DBusError) { _ = try DBusReplyBody([.uint32(1), value]) } catch { replyError = error }
        #expect(signalError != nil)
        #expect(signalError == replyError)
    }

    @Test func aTipShapedDictionaryListReadsBack() throws {
        let tip = DBusValue.vardict([
            ("id", .string("SiriShortcutTip")), ("shown", .boolean(true)), ("count", .uint32(3)),
            ("rules", .variant(.array("a{sv}", [.vardict([("kind", .string("parameter")), ("value", .int64(-2))])]))),
            ("icons", .strings(["face-smile-symbolic", "face-smile"])), ("at", .variant(.double(1.25))),
        ])
        let values: [DBusValue] = [.array("a{sv}", [tip, .vardict([]), tip])]
        #expect(try DBusReplyBody(values).values == values)
    }

    @Test func propertiesChangedHoldsTheChangedValuesAndInvalidatedNamesAndRefusesWhatTheyRefuse() throws {
        let changed: [(String, DBusValue)] = [("MoodLogCount", .uint32(3)), ("Names", .strings(["a", ""]))]
        let signal = try DBusConnection.propertiesChanged(
            path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: changed, invalidated: ["NextDisplayTime"])
        #expect(signal.interface == "org.freedesktop.DBus.Properties")
        #expect(signal.member == "PropertiesChanged")
        #expect(
            try signal.arguments == [.string("org.feels.Tips1"), .vardict(changed), .strings(["NextDisplayTime"])])
        for value in MarshallingTests.mistakes {
            #expect(throws: DBusError.self) {
                try DBusConnection.propertiesChanged(
                    path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: [("k", value)], invalidated: [])
            }
        }
        #expect(throws: DBusError.invalidString("a\0b")) {
            try DBusConnection.propertiesChanged(
                path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: [("a\0b", .byte(1))], invalidated: [])
        }
        #expect(throws: DBusError.invalidString("x\0")) {
            try DBusConnection.propertiesChanged(
                path: "/org/feels/Tips", interface: "org.feels.Tips1", changed: [], invalidated: ["x\0"])
        }
    }

    @Test func anEmptyBodyHasNoSignature() throws {
        let reply = try DBusMessage.methodReturnTemplate(marshalling: [])
        #expect(reply.signature == "")
        #expect(try reply.arguments == [])
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
        #expect(throws: DBusError.invalidMessage("a message never sent has no serial to answer")) {
            try DBusMessage.error(replyingTo: call, name: "org.feels.Test.Error", message: "no")
        }
    }

    @Test func aCopyOfTheTemplateHasNoSerialYetAndExpectsNoReply() throws {
        let template = try DBusMessage.methodReturnTemplate(marshalling: [.string("words")])
        let copy = try template.copied()
        #expect(copy.serial == 0, "the connection gives the copy its serial as it sends it")
        #expect(copy.noReplyExpected)
        #expect(copy.type == .methodReturn)
        #expect(try copy.arguments == [.string("words")])
    }
}
