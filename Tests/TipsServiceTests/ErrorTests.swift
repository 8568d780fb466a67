import BusTestSupport
import DBus
import Testing

@Suite("Errors and bad input")
struct ErrorTests {
    @Test func everyNamedErrorOfTheInterfaceIsAnswered() throws {
        let service = try RunningService()
        #expect(try service.errorName(of: "LogMood", [.string("ecstatic")]) == "org.feels.Tips1.Error.InvalidMood")
        #expect(try service.errorName(of: "GetTip", [.string("NoSuchTip")]) == "org.feels.Tips1.Error.UnknownTip")
        #expect(
            try service.errorName(of: "InvalidateTip", [.string("NoSuchTip"), .string("tipClosed")])
                == "org.feels.Tips1.Error.UnknownTip")
        #expect(
            try service.errorName(of: "InvalidateTip", [.string("TimeViewTip"), .string("closed")])
                == "org.feels.Tips1.Error.InvalidReason")
        #expect(
            try service.errorName(of: "InvalidateTip", [.string("NoSuchTip"), .string("closed")])
                == "org.feels.Tips1.Error.UnknownTip")
        #expect(
            try service.errorName(of: "InvalidateTip", [.string("TimeViewTip"), .string("displayCountExceeded")])
                == "org.feels.Tips1.Error.InvalidReason")
        #expect(
            try service.errorName(of: "EligibleTips", [.string("Kitchen")]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            try service.errorName(of: "DisplayNextTip", [.string("Kitchen")])
                == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            try service.errorName(of: "UpdateStreak", [.uint32(36_526)]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(
            try service.errorName(of: "UpdateDaysUsingApp", [.uint32(.max)]) == "org.freedesktop.DBus.Error.InvalidArgs"
        )
        #expect(try service.status("TimeViewTip") == "available")
        #expect(service.answersPing())
    }

    @Test func errorMessagesNameTheValueAndWhatIsAccepted() throws {
        let service = try RunningService()
        let reply = try service.busctlCall("LogMood", "s", "meh")
        #expect(reply.status != 0)
        #expect(
            reply.stderr == "Call failed: 'meh' is not a mood; expected one of horrible, bad, average, good, great\n")
        let location = try service.busctlCall("EligibleTips", "s", "Kitchen")
        #expect(location.stderr.contains("'Kitchen' is not a tip location; expected one of CustomizeContentView"))
    }

    @Test(arguments: [
        (["LogMood", "u", "5"], "Expected signature 's'"),
        (["LogMood"], "Expected signature 's'"),
        (["GetTip", "ss", "a", "b"], "Expected signature 's'"),
        (["UpdateStreak", "s", "three"], "Expected signature 'u'"),
        (["UpdateStreak", "i", "3"], "Expected signature 'u'"),
        (["ResetAllTips", "s", "now"], "Expected signature ''"),
    ])
    func aWrongSignatureIsInvalidArgsAndChangesNothing(_ call: [String], _ message: String) throws {
        let service = try RunningService()
        let result = try service.busctl(["call", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1"] + call)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let dbusSend = try service.dbusSend("LogMood", "uint32:5")
        #expect(dbusSend.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(dbusSend.stderr)")
        #expect(try service.property("MoodLogCount") == .uint32(0))
        #expect(service.answersPing())
    }

    @Test func unknownMembersInterfacesObjectsAndPropertiesAreNamedErrors() throws {
        let service = try RunningService()
        let unknownMethod = try service.busctl(["call", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "Fly"])
        #expect(
            unknownMethod.stderr.contains("Unknown method") || unknownMethod.stderr.contains("UnknownMethod"),
            "\(unknownMethod.stderr)")
        #expect(
            try errorName(service, path: "/org/feels/Tips", interface: "org.feels.Tips1", member: "Fly")
                == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(
            try errorName(service, path: "/org/feels/Tips", interface: "org.feels.Tips2", member: "LogMood")
                == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(
            try errorName(service, path: "/org/feels/Nowhere", interface: "org.feels.Tips1", member: "ListTips")
                == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(
            try errorName(
                service, path: "/org/feels/Tips", interface: "org.freedesktop.DBus.Properties", member: "Get",
                arguments: [.string("org.feels.Tips1"), .string("Mood")])
                == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(
            try errorName(
                service, path: "/org/feels/Tips", interface: "org.freedesktop.DBus.Properties", member: "Set",
                arguments: [.string("org.feels.Tips1"), .string("MoodLogCount"), .variant(.uint32(9))])
                == "org.freedesktop.DBus.Error.PropertyReadOnly")
        let busctlSet = try service.busctl(
            ["set-property", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "MoodLogCount", "u", "9"])
        #expect(busctlSet.status != 0)
        #expect(try service.property("MoodLogCount") == .uint32(0))
        #expect(service.answersPing())
    }

    @Test func veryLongStringsAreRefusedWithAShortMessageAndTheServiceKeepsServing() throws {
        let service = try RunningService()
        let huge = String(repeating: "x", count: 1 << 20)
        for member in ["LogMood", "GetTip", "EligibleTips"] {
            do {
                try service.call(member, [.string(huge)])
                Issue.record("\(member) accepted a 1 MiB argument")
            } catch {
                guard case .remote(_, let message) = error else { throw error }
                #expect(message.count < 300, "\(member): \(message.count) characters")
            }
        }
        #expect(service.answersPing())
        #expect(try service.call("LogMood", [.string("great")]) == [.uint32(1)])
    }

    private func errorName(
        _ service: RunningService, path: ObjectPath, interface: InterfaceName, member: MemberName,
        arguments: [DBusValue] = []
    ) throws -> String? {
        do throws(DBusError) {
            try service.client.call(
                destination: RunningService.name, path: path, interface: interface, member: member,
                arguments: arguments, timeout: .seconds(5))
            return nil
        } catch {
            guard case .remote(let name, _) = error else { throw error }
            return name
        }
    }
}
