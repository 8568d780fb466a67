import BusTestSupport
import DBus
import Foundation
import Testing

/// `log`, `invalidate`, `reset` and the testing switches against the real service, in text and in JSON.
@Suite("Changing tips: log, invalidate, reset, testing")
struct ChangingTipsTests {
    @Test func logLogsTheMoodAndSaysHowManyHaveBeenLogged() throws {
        let service = try RunningService()

        let text = try FeelsTips.run(["log", "GREAT"], on: service)
        let json = try FeelsTips.run(["log", "bad", "--json"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(text.stdout == "Logged great; 1 mood logged so far.\n")
        #expect(json.status == 0, "\(json.transcript)")
        let object = try FeelsTips.object(json)
        #expect(object["mood"] as? String == "bad")
        #expect(object["mood_log_count"] as? Int == 2)
        #expect(try service.property("MoodLogCount") == .uint32(2))
    }

    @Test func logOfWhatIsNotAMoodGetsTheServicesMessageAndStatusOne() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["log", "meh"], on: service)
        #expect(result.status == 1)
        #expect(
            result.stderr == "feels-tips: 'meh' is not a mood; expected one of horrible, bad, average, good, great\n")
        #expect(result.stdout.isEmpty)
        #expect(try service.property("MoodLogCount") == .uint32(0))
    }

    @Test func invalidateInvalidatesTheTipWithTheReasonGiven() throws {
        let service = try RunningService()

        let text = try FeelsTips.run(["invalidate", "timeviewtip", "TIPCLOSED"], on: service)
        let json = try FeelsTips.run(["--json", "invalidate", "SiriShortcutTip", "actionPerformed"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(
            text.stdout
                == "TimeViewTip is invalidated (tipClosed): it is not shown again until 'feels-tips reset'.\n")
        #expect(try service.tip("TimeViewTip")["invalidation_reason"] == .string("tipClosed"))
        #expect(json.status == 0, "\(json.transcript)")
        let object = try FeelsTips.object(json)
        #expect(object["id"] as? String == "SiriShortcutTip")
        #expect(object["status"] as? String == "invalidated")
        #expect(object["invalidation_reason"] as? String == "actionPerformed")
        #expect(try service.status("SiriShortcutTip") == "invalidated")
    }

    @Test func invalidateWithAReasonCallersMayNotGiveIsRefused() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["invalidate", "TimeViewTip", "displayCountExceeded"], on: service)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not an invalidation reason"), "\(result.stderr)")
        #expect(try service.status("TimeViewTip") == "available")
    }

    @Test func resetWithYesResetsTipsAndParametersAndKeepsTheJournal() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("great")])
        try service.call("DisplayNextTip", [.string("")])
        try service.call("InvalidateTip", [.string("TimeViewTip"), .string("tipClosed")])

        let text = try FeelsTips.run(["reset", "--yes"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(text.stdout.hasPrefix("Every tip and parameter is back to a fresh install's"))
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(0))
        #expect(try service.status("TimeViewTip") == "available")
        #expect(try service.property("MoodLogCount") == .uint32(0))
        #expect(try service.call("ExportMoods").first?.arrayValue?.count == 1)

        try service.call("InvalidateTip", [.string("TimeViewTip"), .string("tipClosed")])
        for arguments in [["--json", "reset", "-y"], ["reset", "--no-ask", "--json"]] {
            let json = try FeelsTips.run(arguments, on: service)
            #expect(json.status == 0, "\(json.transcript)")
            #expect(try FeelsTips.object(json)["reset"] as? Bool == true)
            #expect(try service.status("TimeViewTip") == "available")
            try service.call("InvalidateTip", [.string("TimeViewTip"), .string("tipClosed")])
        }
    }

    @Test(arguments: [["reset"], ["reset", "--json"], ["moods", "forget"]])
    func aCommandThatAsksFirstRefusesWithoutYesWhenStandardInputIsNotATerminal(arguments: [String]) throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("great")])
        try service.call("DisplayNextTip", [.string("")])
        let tips = try service.call("ListTips")
        let properties = try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface)

        let result = try FeelsTips.run(arguments, on: service)

        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("without confirmation: standard input is not a terminal; add --yes"))
        #expect(result.stderr.hasSuffix("Try 'feels-tips --help' for more information.\n"))
        #expect(try service.call("ListTips") == tips)
        #expect(
            try service.client.getAllProperties(
                destination: RunningService.name, path: RunningService.path, interface: RunningService.interface)
                == properties)
        #expect(try service.call("ExportMoods").first?.arrayValue?.count == 1)
    }

    /// TipKit's showAllTipsForTesting(), showTipsForTesting(_:) and hideAllTipsForTesting(), and a display frequency
    /// for the session.
    @Test func theTestingSwitchesAndFrequencyReachTheServiceAndLeaveTheCountsAlone() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("good")])

        let showAll = try FeelsTips.run(["testing", "show-all"], on: service)
        #expect(showAll.status == 0, "\(showAll.transcript)")
        #expect(showAll.stdout.hasPrefix("For testing, every tip shows"))
        #expect(try service.property("TestingOverride") == .string("show-all"))
        #expect(try service.tip("MoodStreakTip")["override"] == .string("shown"))

        let showSome = try FeelsTips.run(
            ["--json", "testing", "show", "MoodStreakTip", "widgetvotingtip"], on: service)
        #expect(showSome.status == 0, "\(showSome.transcript)")
        #expect(try FeelsTips.object(showSome)["testing_override"] as? String == "show-some")
        #expect(try service.tip("WidgetVotingTip")["override"] == .string("shown"))
        #expect(try service.tip("SiriShortcutTip")["override"] == .string(""))

        let hideAll = try FeelsTips.run(["testing", "hide-all", "--json"], on: service)
        #expect(try FeelsTips.object(hideAll)["testing_override"] as? String == "hide-all")
        #expect(try service.tip("CustomizeLayoutTip")["override"] == .string("hidden"))
        let tips = try FeelsTips.run(["tips"], on: service)
        #expect(tips.stdout.contains("(hidden for testing)"), "\(tips.stdout)")

        let clear = try FeelsTips.run(["testing", "clear"], on: service)
        #expect(clear.status == 0, "\(clear.transcript)")
        #expect(clear.stdout == "Testing switches cleared: the rules and the display window decide again.\n")
        #expect(try service.property("TestingOverride") == .string(""))
        let cleared = try FeelsTips.run(["testing", "clear", "--json"], on: service)
        #expect(try FeelsTips.object(cleared)["testing_override"] as? String == "")

        let frequency = try FeelsTips.run(["testing", "frequency", "hourly"], on: service)
        #expect(frequency.status == 0, "\(frequency.transcript)")
        #expect(frequency.stdout == "For testing, the display frequency is hourly until feels-tipsd stops.\n")
        let seconds = try FeelsTips.run(["--json", "testing", "frequency", "90"], on: service)
        #expect(try FeelsTips.object(seconds)["display_frequency"] as? String == "90")
        #expect(try service.property("DisplayFrequency") == .string("90"))

        #expect(try service.property("MoodLogCount") == .uint32(1))
        #expect(try service.tip("MoodStreakTip")["display_count"] == .uint32(0))
    }

    @Test func aDisplayFrequencyTheServiceRefusesExitsOneWithItsMessage() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["testing", "frequency", "fortnightly"], on: service)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("feels-tips: 'fortnightly' is not a display frequency"), "\(result.stderr)")
        #expect(try service.property("DisplayFrequency") == .string("daily"))
    }

    @Test func testingShowOfAnUnknownTipIsRefusedByTheService() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["testing", "show", "NoSuchTip"], on: service)
        #expect(result.status == 1)
        #expect(result.stderr == "feels-tips: No tip is named 'NoSuchTip'\n")
        #expect(try service.property("TestingOverride") == .string(""))
    }
}
