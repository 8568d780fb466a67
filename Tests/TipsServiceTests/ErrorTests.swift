import BusTestSupport
import DBus
import Testing
import TipsInterface

@Suite("Errors and bad input")
struct ErrorTests {
    // A call carrying a unix file descriptor was once refused even for Ping, by a binding that did not take them.
    @Test func aCallCarryingAUnixFileDescriptorIsAnsweredAsAnyOther() throws {
        let service = try RunningService()
        let script = """
            import os, sys
            from gi.repository import Gio, GLib
            flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
            bus = Gio.DBusConnection.new_for_address_sync(sys.argv[1], flags, None, None)
            def call(interface, member):
                fds = Gio.UnixFDList.new_from_array([os.open("/dev/null", os.O_RDONLY)])
                try:
                    bus.call_with_unix_fd_list_sync(
                        sys.argv[2], sys.argv[3], interface, member, GLib.Variant("(h)", (0,)), None, 0, 5000, fds,
                        None)
                    print(member, "answered")
                except GLib.Error as error:
                    print(member, Gio.DBusError.get_remote_error(error))
            call("org.freedesktop.DBus.Peer", "Ping")
            call(sys.argv[4], sys.argv[5])
            """
        let logMood = Tips1.Method.logMood.rawValue
        let result = try runTool(
            "/usr/bin/python3",
            [
                "-c", script, service.bus.address, RunningService.name.rawValue, RunningService.path.rawValue,
                RunningService.interface.rawValue, logMood,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n") == [
                "Ping answered", "\(logMood) org.freedesktop.DBus.Error.InvalidArgs",
            ], "\(result.stdout)")
        #expect(try service.tips.logMood(mood: "good") == 1)
    }

    @Test func everyNamedErrorOfTheInterfaceIsAnswered() throws {
        let service = try RunningService()
        #expect(try service.errorName { try $0.logMood(mood: "ecstatic") } == Tips1.Error.invalidMood.rawValue)
        #expect(try service.errorName { try $0.getTips(ids: ["NoSuchTip"]) } == Tips1.Error.unknownTip.rawValue)
        #expect(try service.errorName { try $0.presentTip(id: "NoSuchTip") } == Tips1.Error.unknownTip.rawValue)
        #expect(
            try service.errorName { try $0.invalidateTip(id: "NoSuchTip", reason: "tip-closed") }
                == Tips1.Error.unknownTip.rawValue)
        #expect(
            try service.errorName { try $0.invalidateTip(id: "TimeViewTip", reason: "closed") }
                == Tips1.Error.invalidReason.rawValue)
        #expect(
            try service.errorName { try $0.invalidateTip(id: "NoSuchTip", reason: "closed") }
                == Tips1.Error.unknownTip.rawValue)
        // Only the service invalidates a tip for its display count, in either spelling.
        for reason in ["displayCountExceeded", "display-count-exceeded"] {
            #expect(
                try service.errorName { try $0.invalidateTip(id: "TimeViewTip", reason: reason) }
                    == Tips1.Error.invalidReason.rawValue, "\(reason)")
        }
        // A location no tip is shown at has its own error now (0.1.0 answered InvalidArgs).
        #expect(
            try service.errorName { try $0.getTips(ids: [], options: .init(location: "Kitchen")) }
                == Tips1.Error.unknownLocation.rawValue)
        #expect(
            try service.errorName { try $0.presentNextTip(location: "Kitchen") }
                == Tips1.Error.unknownLocation.rawValue)
        #expect(
            try service.errorName { try $0.presentNextTip(location: "Kitchen", options: .init(record: false)) }
                == Tips1.Error.unknownLocation.rawValue)
        #expect(
            try service.errorName { try $0.releaseNotificationTip(id: "NoSuchTip", shown: true) }
                == Tips1.Error.unknownTip.rawValue)
        #expect(try service.errorName { try $0.updateStreak(days: 36_526) } == RunningService.invalidArgs)
        #expect(try service.errorName { try $0.updateDaysUsingApp(days: .max) } == RunningService.invalidArgs)
        #expect(
            try service.testingErrorName { try $0.showTips(ids: ["NoSuchTip"]) } == Tips1.Error.unknownTip.rawValue)
        #expect(
            try service.testingErrorName { try $0.setDisplayFrequency(frequency: "often") }
                == RunningService.invalidArgs)
        #expect(try service.status("TimeViewTip") == "available")
        #expect(service.answersPing())
    }

    // A notifier's hold is released only by that notifier.
    @Test func anotherCallersReleaseIsNotHolder() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "good")
        let notifier = try DBusConnection(address: service.bus.address)
        defer { notifier.close() }
        #expect(try Tips1Client(connection: notifier, timeout: .seconds(10)).claimNotificationTip().id != "")
        let claimed = try #require(try service.tips.getTips(ids: []).first { $0.heldBackBy == "notification" })
        #expect(
            try service.errorName { try $0.releaseNotificationTip(id: claimed.id, shown: false) }
                == Tips1.Error.notHolder.rawValue)
    }

    @Test func errorMessagesNameTheValueAndWhatIsAccepted() throws {
        let service = try RunningService()
        let reply = try service.busctlCall(.logMood, "sa{sv}", "meh", "0")
        #expect(reply.status != 0)
        #expect(
            reply.stderr == "Call failed: 'meh' is not a mood; expected one of horrible, bad, average, good, great\n")
        let location = Tips1.GetTipsOptions.Key.location.rawValue
        let kitchen = try service.busctlCall(.getTips, "asa{sv}", "0", "1", location, "s", "Kitchen")
        #expect(kitchen.stderr.contains("'Kitchen' is not a tip location; expected one of CustomizeContentView"))
        let next = try service.busctlCall(.presentNextTip, "sa{sv}", "Kitchen", "0")
        #expect(next.stderr.contains("'Kitchen' is not a tip location"), "\(next.stderr)")
    }

    /// A call with the wrong signature, 0.1.0's among them, and what the refusal says is expected.
    struct WrongCall: Sendable, CustomTestStringConvertible {
        let method: Tips1.Method
        let arguments: [String]
        let message: String
        var testDescription: String { "\(method.rawValue) \(arguments.joined(separator: " "))" }
    }

    @Test(arguments: [
        WrongCall(method: .logMood, arguments: ["u", "5"], message: "Expected signature 'sa{sv}'"),
        WrongCall(method: .logMood, arguments: [], message: "Expected signature 'sa{sv}'"),
        WrongCall(method: .logMood, arguments: ["s", "great"], message: "Expected signature 'sa{sv}'"),
        WrongCall(method: .getTips, arguments: ["ss", "a", "b"], message: "Expected signature 'asa{sv}'"),
        WrongCall(method: .getTips, arguments: ["as", "0"], message: "Expected signature 'asa{sv}'"),
        WrongCall(method: .presentTip, arguments: ["s", "TimeViewTip"], message: "Expected signature 'sa{sv}'"),
        WrongCall(method: .updateStreak, arguments: ["s", "three"], message: "Expected signature 'u'"),
        WrongCall(method: .updateStreak, arguments: ["i", "3"], message: "Expected signature 'u'"),
        WrongCall(method: .resetAllTips, arguments: ["s", "now"], message: "Expected signature ''"),
    ])
    func aWrongSignatureIsInvalidArgsAndChangesNothing(_ call: WrongCall) throws {
        let service = try RunningService()
        let result = try service.busctl(
            [
                "call", RunningService.name.rawValue, RunningService.path.rawValue, Tips1.name.rawValue,
                call.method.rawValue,
            ]
                + call.arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(call.message), "\(result.stderr)")
        let dbusSend = try service.dbusSend(.logMood, "uint32:5")
        #expect(dbusSend.stderr.contains(RunningService.invalidArgs), "\(dbusSend.stderr)")
        #expect(try service.tips.moodLogCount() == 0)
        #expect(try service.tip("TimeViewTip").displayCount == 0)
        #expect(service.answersPing())
    }

    // An option of the wrong type is refused, never read as a default.
    @Test func anOptionOfTheWrongTypeIsInvalidArgsAndChangesNothing() throws {
        let service = try RunningService()
        let record = Tips1.PresentOptions.Key.record.rawValue
        let languages = Tips1.PresentOptions.Key.languages.rawValue
        #expect(
            try service.errorName(of: .presentTip, [.string("TimeViewTip"), .vardict([(record, .string("no"))])])
                == RunningService.invalidArgs)
        #expect(
            try service.errorName(of: .presentNextTip, [.string(""), .vardict([(languages, .string("de"))])])
                == RunningService.invalidArgs)
        #expect(
            try service.errorName(
                of: .getTips, [.strings([]), .vardict([(Tips1.GetTipsOptions.Key.location.rawValue, .uint32(1))])])
                == RunningService.invalidArgs)
        #expect(try service.tip("TimeViewTip").displayCount == 0)
        #expect(try service.tips.nextDisplayTime() == 0)
    }

    // The 0.1.0 members are gone, not kept beside their replacements; so are the testing switches on org.feels.Tips1.
    @Test(arguments: [
        "ListTips", "GetTip", "ListLocalizedTips", "GetLocalizedTip", "EligibleTips", "ShouldDisplayTip", "DisplayTip",
        "DisplayNextTip", "PeekNextTip", "NextNewTip", "ShowAllTipsForTesting", "ShowTipsForTesting",
        "HideAllTipsForTesting", "ClearTestingOverrides", Tips1Testing.Method.setDisplayFrequency.rawValue,
        Tips1Testing.Method.showAllTips.rawValue,
    ])
    func aMemberOf010IsAnUnknownMethod(_ member: String) throws {
        let service = try RunningService()
        #expect(
            try errorName(service, path: RunningService.path, interface: Tips1.name, member: try MemberName(member))
                == "org.freedesktop.DBus.Error.UnknownMethod")
    }

    @Test func unknownMembersInterfacesObjectsAndPropertiesAreNamedErrors() throws {
        let service = try RunningService()
        let path = RunningService.path
        let unknownMethod = try service.busctl([
            "call", RunningService.name.rawValue, path.rawValue, Tips1.name.rawValue, "Fly",
        ])
        #expect(
            unknownMethod.stderr.contains("Unknown method") || unknownMethod.stderr.contains("UnknownMethod"),
            "\(unknownMethod.stderr)")
        #expect(
            try errorName(service, path: path, interface: Tips1.name, member: "Fly")
                == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(
            try errorName(service, path: path, interface: "org.feels.Tips2", member: Tips1.Method.logMood.name)
                == "org.freedesktop.DBus.Error.UnknownInterface")
        #expect(
            try errorName(service, path: "/org/feels/Nowhere", interface: Tips1.name, member: Tips1.Method.getTips.name)
                == "org.freedesktop.DBus.Error.UnknownObject")
        #expect(
            try errorName(
                service, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                arguments: [.string(Tips1.name.rawValue), .string("Mood")])
                == "org.freedesktop.DBus.Error.UnknownProperty")
        // The testing switch is a property of its own interface, not of org.feels.Tips1.
        #expect(
            try errorName(
                service, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                arguments: [.string(Tips1.name.rawValue), .string(Tips1Testing.Property.activeSwitch.rawValue)])
                == "org.freedesktop.DBus.Error.UnknownProperty")
        #expect(
            try errorName(
                service, path: path, interface: "org.freedesktop.DBus.Properties", member: "Set",
                arguments: [
                    .string(Tips1.name.rawValue), .string(Tips1.Property.moodLogCount.rawValue), .variant(.uint32(9)),
                ])
                == "org.freedesktop.DBus.Error.PropertyReadOnly")
        let busctlSet = try service.busctl(
            [
                "set-property", RunningService.name.rawValue, path.rawValue, Tips1.name.rawValue,
                Tips1.Property.moodLogCount.rawValue, "u", "9",
            ])
        #expect(busctlSet.status != 0)
        #expect(try service.tips.moodLogCount() == 0)
        #expect(service.answersPing())
    }

    @Test func veryLongStringsAreRefusedWithAShortMessageAndTheServiceKeepsServing() throws {
        let service = try RunningService()
        let huge = String(repeating: "x", count: 1 << 20)
        let calls: [(String, (Tips1Client) throws(DBusError) -> Void)] = [
            ("a mood", { tips throws(DBusError) in try tips.logMood(mood: huge) }),
            ("an id", { tips throws(DBusError) in try tips.getTips(ids: [huge]) }),
            ("a location", { tips throws(DBusError) in try tips.getTips(ids: [], options: .init(location: huge)) }),
            ("a tip to present", { tips throws(DBusError) in try tips.presentTip(id: huge) }),
            ("a place to present at", { tips throws(DBusError) in try tips.presentNextTip(location: huge) }),
        ]
        for (what, call) in calls {
            do throws(DBusError) {
                try call(service.tips)
                Issue.record("\(what) of 1 MiB was accepted")
            } catch {
                guard case .remote(_, let message) = error else { throw error }
                #expect(message.count < 300, "\(what): \(message.count) characters")
            }
        }
        // A language name of 1 MiB names no language: the words are the service's own.
        let tip = try service.tip("TimeViewTip", languages: [huge])
        #expect(tip.language == "" && tip.title == "View Your History")
        #expect(service.answersPing())
        #expect(try service.tips.logMood(mood: "great") == 1)
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
