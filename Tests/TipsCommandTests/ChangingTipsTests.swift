import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

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
        #expect(try service.tips.moodLogCount() == 2)
    }

    @Test func logOfWhatIsNotAMoodGetsTheServicesMessageAndStatusOne() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["log", "meh"], on: service)
        #expect(result.status == 1)
        #expect(
            result.stderr == "feels-tips: 'meh' is not a mood; expected one of horrible, bad, average, good, great\n")
        #expect(result.stdout.isEmpty)
        #expect(try service.tips.moodLogCount() == 0)
    }

    /// The reason is given as TipKit spells it or as the wire does, and shown as the wire does (`tip-closed`).
    @Test func invalidateInvalidatesTheTipWithTheReasonGiven() throws {
        let service = try RunningService()

        let text = try FeelsTips.run(["invalidate", "timeviewtip", "TIPCLOSED"], on: service)
        let json = try FeelsTips.run(["--json", "invalidate", "SiriShortcutTip", "action-performed"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(
            text.stdout
                == "TimeViewTip is invalidated (tip-closed): it is not shown again until 'feels-tips reset'.\n")
        #expect(try service.tip("TimeViewTip").invalidationReason == "tip-closed")
        #expect(json.status == 0, "\(json.transcript)")
        let object = try FeelsTips.object(json)
        #expect(object[.id] as? String == "SiriShortcutTip")
        #expect(object[.status] as? String == "invalidated")
        #expect(object[.invalidationReason] as? String == "action-performed")
        #expect(try service.status("SiriShortcutTip") == "invalidated")
    }

    @Test func invalidateWithAReasonCallersMayNotGiveIsRefused() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["invalidate", "TimeViewTip", "display-count-exceeded"], on: service)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "feels-tips: 'display-count-exceeded' is not an invalidation reason; expected action-performed or "
                + "tip-closed\n")
        #expect(try service.status("TimeViewTip") == "available")
    }

    @Test func resetWithYesResetsTipsAndParametersAndKeepsTheJournal() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")
        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")

        let text = try FeelsTips.run(["reset", "--yes"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(text.stdout.hasPrefix("Every tip and parameter is back to a fresh install's"))
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
        #expect(try service.status("TimeViewTip") == "available")
        #expect(try service.tips.moodLogCount() == 0)
        #expect(try service.tips.exportMoods().arrayValue?.count == 1)

        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")
        for arguments in [["--json", "reset", "-y"], ["reset", "--no-ask", "--json"]] {
            let json = try FeelsTips.run(arguments, on: service)
            #expect(json.status == 0, "\(json.transcript)")
            #expect(try FeelsTips.object(json)["reset"] as? Bool == true)
            #expect(try service.status("TimeViewTip") == "available")
            try service.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")
        }
    }

    @Test(arguments: [["reset"], ["reset", "--json"], ["moods", "forget"]])
    func aCommandThatAsksFirstRefusesWithoutYesWhenStandardInputIsNotATerminal(arguments: [String]) throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")
        let tips = try service.tips.getTips(ids: [])
        let properties = try service.tips.properties()

        let result = try FeelsTips.run(arguments, on: service)

        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("without confirmation: standard input is not a terminal; add --yes"))
        #expect(result.stderr.hasSuffix("Try 'feels-tips --help' for more information.\n"))
        #expect(try service.tips.getTips(ids: []) == tips)
        #expect(try service.tips.properties() == properties)
        #expect(try service.tips.exportMoods().arrayValue?.count == 1)
    }

    /// TipKit's showAllTipsForTesting(), showTipsForTesting(_:) and hideAllTipsForTesting(), and a display frequency
    /// for the session, on `org.feels.Tips1.Testing` of a service started with `--testing`.
    @Test func theTestingSwitchesAndFrequencyReachTheServiceAndLeaveTheCountsAlone() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "good")

        let showAll = try FeelsTips.run(["testing", "show-all"], on: service)
        #expect(showAll.status == 0, "\(showAll.transcript)")
        #expect(showAll.stdout.hasPrefix("For testing, every tip shows"))
        #expect(try service.testing.activeSwitch() == "show-all")
        #expect(try service.tip("MoodStreakTip").override == "shown")

        let showSome = try FeelsTips.run(
            ["--json", "testing", "show", "MoodStreakTip", "widgetvotingtip"], on: service)
        #expect(showSome.status == 0, "\(showSome.transcript)")
        #expect(try FeelsTips.object(showSome)["testing_switch"] as? String == "show-some")
        #expect(try service.tip("WidgetVotingTip").override == "shown")
        #expect(try service.tip("SiriShortcutTip").override == "")

        let hideAll = try FeelsTips.run(["testing", "hide-all", "--json"], on: service)
        #expect(try FeelsTips.object(hideAll)["testing_switch"] as? String == "hide-all")
        #expect(try service.tip("CustomizeLayoutTip").override == "hidden")
        let tips = try FeelsTips.run(["tips"], on: service)
        #expect(tips.stdout.contains("(hidden for testing)"), "\(tips.stdout)")
        let status = try FeelsTips.run(.status, on: service)
        #expect(status.stdout.contains("Testing switch: hide-all (for testing)\n"), "\(status.stdout)")

        let clear = try FeelsTips.run(["testing", "clear"], on: service)
        #expect(clear.status == 0, "\(clear.transcript)")
        #expect(clear.stdout == "Testing switches cleared: the rules and the display window decide again.\n")
        #expect(try service.testing.activeSwitch() == "")
        let cleared = try FeelsTips.run(["testing", "clear", "--json"], on: service)
        #expect(try FeelsTips.object(cleared)["testing_switch"] as? String == "")

        let frequency = try FeelsTips.run(["testing", "frequency", "hourly"], on: service)
        #expect(frequency.status == 0, "\(frequency.transcript)")
        #expect(frequency.stdout == "For testing, the display frequency is hourly until feels-tipsd stops.\n")
        let seconds = try FeelsTips.run(["--json", "testing", "frequency", "90"], on: service)
        #expect(try FeelsTips.object(seconds)["display_frequency"] as? String == "90")
        #expect(try service.tips.displayFrequency() == "90")

        #expect(try service.tips.moodLogCount() == 1)
        #expect(try service.tip("MoodStreakTip").displayCount == 0)
    }

    /// The switches are served only with `feels-tipsd --testing`: without, every `testing` command fails saying how
    /// to serve them, and changes nothing.
    @Test(arguments: [
        ["testing", "show-all"], ["testing", "show", "TimeViewTip"], ["testing", "hide-all"], ["testing", "clear"],
        ["testing", "frequency", "immediate"], ["--json", "testing", "clear"],
    ])
    func withoutTestingTheTestingCommandsFailSayingHowToServeThem(arguments: [String]) throws {
        let service = try RunningService(testing: false)
        let before = try service.tips.getTips(ids: [])

        let result = try FeelsTips.run(arguments, on: service)

        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "feels-tips: the testing switches are not served: feels-tipsd serves org.feels.Tips1.Testing only "
                + "when started with --testing; stop it ('systemctl --user stop feels-tipsd.service') and run "
                + "'feels-tipsd --testing'\n")
        #expect(try service.tips.getTips(ids: []) == before)
        #expect(try service.tips.displayFrequency() == "daily")
    }

    @Test func aDisplayFrequencyTheServiceRefusesExitsOneWithItsMessage() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["testing", "frequency", "fortnightly"], on: service)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("feels-tips: 'fortnightly' is not a display frequency"), "\(result.stderr)")
        #expect(try service.tips.displayFrequency() == "daily")
    }

    @Test func testingShowOfAnUnknownTipIsRefusedByTheService() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["testing", "show", "NoSuchTip"], on: service)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "feels-tips: No tip is named 'NoSuchTip'; expected one of CustomizeLayoutTip, AIInsightsTip, "
                + "SiriShortcutTip, HealthKitSyncTip, WidgetVotingTip, TimeViewTip, MoodStreakTip\n")
        #expect(try service.testing.activeSwitch() == "")
    }
}
