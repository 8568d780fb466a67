import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// TipKit's model on the bus: a tip per anchor, the testing switches, the user's moods; each test names the rule.
@Suite("TipKit's rules through the service")
struct TipKitOnTheBusTests {
    /// Reads `sql` from a stopped service's datastore with the sqlite3 command (the service holds an exclusive lock
    /// while it runs).
    static func query(_ datastore: String, _ sql: String) throws -> String {
        let result = try runTool("sqlite3", [datastore, sql])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // TipKit: "the display frequency gates only tips that have not appeared; a tip already shown keeps showing in its
    // own place, and a new tip may first appear elsewhere once the window reopens".
    @Test func twoTipsAtDayViewBothAppearOverTwoWindowsWithoutTheFirstBeingClosed() throws {
        let service = try RunningService(arguments: ["--display-frequency", "2"])
        try service.tips.updateDaysUsingApp(days: 2)
        #expect(try service.tips.presentNextTip(location: "DayView").tip?.id == "WidgetVotingTip")
        #expect(try service.tips.presentNextTip(location: "DayView").tip?.id == "WidgetVotingTip")
        let reopens = try service.tips.nextDisplayTime()
        while Int64(Date().timeIntervalSince1970 * 1_000_000) < reopens {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(
            try service.tips.presentNextTip(location: "DayView", options: .init(record: false)).tip?.id
                == "TimeViewTip")
        #expect(try service.tips.presentNextTip(location: "DayView").tip?.id == "TimeViewTip")
        #expect(try service.status("WidgetVotingTip") == "available", "the first tip was never closed")
        #expect(try service.tip("WidgetVotingTip").displayCount == 2)
    }

    // TipKit's TipView: a tip already shown shows again; a new one waits for the window, and asking records nothing.
    /// Was `DisplayTip` and `ShouldDisplayTip`: `PresentTip`, with `record` false to ask.
    @Test func presentTipIsTrueForAShownTipAndFalseForANewOneInsideTheWindowRecordingNothing() throws {
        let service = try RunningService()
        #expect(try service.tips.presentTip(id: "CustomizeLayoutTip").shown)
        let window = try service.tips.nextDisplayTime()
        #expect(try service.tips.presentTip(id: "customizelayouttip").shown)
        #expect(try !service.tips.presentTip(id: "TimeViewTip", options: .init(record: false)).shown)
        #expect(try !service.tips.presentTip(id: "TimeViewTip").shown)
        // Was NextNewTip: no new tip may appear anywhere inside the window.
        #expect(try service.tips.presentNextTip(location: "DayView", options: .init(record: false)).tip == nil)
        #expect(try service.tip("TimeViewTip").displayCount == 0)
        #expect(try !service.tip("TimeViewTip").shouldDisplay)
        #expect(try service.tips.nextDisplayTime() == window)
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT id, display_count FROM tips") == "CustomizeLayoutTip|2")
    }

    // record false answers what would be shown, words included, and records nothing anywhere: not the display, not the
    // window, not a signal, not a row.
    @Test func presentingWithRecordFalseRecordsNothing() throws {
        let service = try RunningService()
        service.clearSignals()
        for _ in 0..<3 {
            let look = try service.tips.presentTip(id: "TimeViewTip", options: .init(record: false))
            #expect(look.shown && look.tip.title == "View Your History")
            #expect(look.tip.displayCount == 0 && look.tip.firstDisplayed == 0 && look.tip.lastDisplayed == 0)
            let peek = try service.tips.presentNextTip(location: "", options: .init(record: false))
            #expect(peek.shown && peek.tip?.id == "CustomizeLayoutTip" && peek.tip?.displayCount == 0)
        }
        #expect(try service.tips.nextDisplayTime() == 0)
        #expect(try service.tips.getTips(ids: []).allSatisfy { $0.displayCount == 0 && $0.lastDisplayed == 0 })
        #expect(!service.waitForSignals(timeout: .milliseconds(300)) { !$0.isEmpty }, "\(service.signals)")
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT count(*) FROM tips") == "0")
        #expect(try Self.query(service.datastore, "SELECT display_window_opened FROM parameters") == "")
    }

    // TipKit: showAllTipsForTesting() shows tips "regardless of their rules or display frequency"; a switch lives as
    // long as the service and never touches the journal or the real counts.
    @Test func theTestingSwitchesShowADayDrivenTipAtOnceAndLeaveTheCountsUntouched() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "good")
        #expect(try service.status("WidgetVotingTip") == "pending")
        service.clearSignals()
        try service.testing.showAllTips()
        let widget = try service.tip("WidgetVotingTip")
        #expect(widget.status == "available" && widget.override == "shown")
        #expect(widget.explanation.hasPrefix("Shown by a testing switch"))
        #expect(try service.testing.activeSwitch() == "show-all")
        #expect(service.waitForSignals { _ in !service.announcedStatuses(of: "WidgetVotingTip").isEmpty })
        #expect(try service.tips.presentTip(id: "WidgetVotingTip").shown)
        #expect(try service.tips.presentNextTip(location: "InsightsView").tip?.id == "AIInsightsTip")
        #expect(try service.tips.moodLogCount() == 1)
        #expect(try service.tips.nextDisplayTime() == 0, "no window opened under the switch")

        try service.testing.hideAllTips()
        #expect(try MethodTests.available(service, at: "") == [])
        // Found moving to 0.2.0: the explanation named HideAllTipsForTesting, a member no longer served.
        #expect(try service.tip("TimeViewTip").explanation == "Hidden by the hide-all testing switch.")
        #expect(try service.testing.activeSwitch() == "hide-all")
        try service.testing.showTips(ids: ["moodstreaktip"])
        #expect(try MethodTests.available(service, at: "DayView") == ["TimeViewTip", "MoodStreakTip"])
        #expect(
            try service.testingErrorName { try $0.showTips(ids: ["NoSuchTip"]) } == Tips1.Error.unknownTip.rawValue)
        try service.testing.clearSwitches()
        #expect(try service.status("MoodStreakTip") == "pending")

        try service.testing.showAllTips()
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT count(*) FROM tips") == "0")
        #expect(
            try Self.query(service.datastore, "SELECT mood_log_count, display_window_opened FROM parameters") == "1|")
        try service.start()
        #expect(try service.testing.activeSwitch() == "", "switches end with the service")
        #expect(try service.status("WidgetVotingTip") == "pending")
    }

    @Test func setDisplayFrequencyChangesTheWindowForTheSessionAndAnnouncesIt() throws {
        let service = try RunningService()
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
        let daily = try service.tips.nextDisplayTime()
        service.clearSignals()
        try service.testing.setDisplayFrequency(frequency: "hourly")
        #expect(try service.tips.displayFrequency() == "hourly")
        #expect(try service.tips.nextDisplayTime() == daily - 23 * 3_600_000_000)
        #expect(service.waitForSignals { _ in !service.announced(.displayFrequency).isEmpty })
        #expect(
            try service.testingErrorName { try $0.setDisplayFrequency(frequency: "often") }
                == RunningService.invalidArgs)
        try service.restart()
        #expect(try service.tips.displayFrequency() == "daily")
    }

    @Test func exportMoodsReturnsExactlyWhatWasLoggedWithTheOffsetOfTheClockThen() throws {
        let service = try RunningService(environment: ["TZ": "Asia/Kolkata"])
        let before = Int64(Date().timeIntervalSince1970 * 1_000_000)
        for mood in ["great", "Bad", "AVERAGE"] {
            try service.tips.logMood(mood: mood)
        }
        let after = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let moods = try #require(try service.tips.exportMoods().arrayValue)
        let rows = moods.compactMap { $0.structureValue }
        #expect(rows.map { $0[1] } == [.string("great"), .string("bad"), .string("average")])
        #expect(rows.allSatisfy { $0[2] == .int32(19_800) })
        let times = rows.compactMap { $0[0].int64Value }
        #expect(times.count == 3 && times == times.sorted() && times.first! >= before && times.last! <= after)
        let busctl = try service.busctl(
            [
                "call", RunningService.name.rawValue, RunningService.path.rawValue, Tips1.name.rawValue,
                Tips1.Method.exportMoods.rawValue,
            ])
        #expect(busctl.stdout.hasPrefix("a(xsi) 3 \(times[0]) \"great\" 19800"), "\(busctl.stdout)")
    }

    // A POSIX TZ string gives the offset west of UTC: under TZ=UTC+14 the clock is 14 hours *behind* UTC.
    @Test(arguments: [("UTC+14", -50_400), ("JST-9", 32_400), ("<-03>3", -10_800)])
    func aMoodCarriesTheOffsetTheCLibraryGivesForAPOSIXZone(_ tz: String, _ offset: Int32) throws {
        let service = try RunningService(environment: ["TZ": tz])
        try service.tips.logMood(mood: "good")
        let mood = try #require(try service.tips.exportMoods().arrayValue?.first?.structureValue)
        #expect(mood[2] == .int32(offset))
    }

    @Test func forgetMoodsLeavesNoMoodInTheFileAndResetsTheCountsMadeFromThem() throws {
        let service = try RunningService()
        for mood in ["great", "bad", "good"] {
            try service.tips.logMood(mood: mood)
        }
        try service.tips.settingsViewed()
        service.clearSignals()
        #expect(try service.tips.forgetMoods() == 3)
        #expect(try service.tips.moodLogCount() == 0)
        #expect(try service.tips.currentStreak() == 0)
        #expect(try service.tips.hasSeenSettings())
        #expect(try service.tips.exportMoods() == .array("(xsi)", []))
        #expect(service.waitForSignals { _ in !service.announced(.moodLogCount).isEmpty })
        try service.tips.logMood(mood: "average")
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT mood FROM moods") == "average")
        let log = service.lastLog.joined(separator: "\n")
        #expect(log.contains("Forgot 3 moods"), "\(log)")
        #expect(!log.contains("great") && !log.contains("bad"), "logs never carry mood data")
        // The journal stays append-only for every other writer.
        let delete = try runTool("sqlite3", [service.datastore, "DELETE FROM moods"])
        #expect(delete.status != 0 && delete.stderr.contains("append-only"))
    }

    // TipKit's invalidate(reason:): the reason travels with the change, so an app knows why a tip went away, and
    // where.
    @Test func tipChangedCarriesTheInvalidationReasonAndTheLocationAndIdsAreReadInAnyCase() throws {
        let service = try RunningService()
        service.clearSignals()
        try service.tips.invalidateTip(id: "timeviewtip", reason: "TIPCLOSED")
        #expect(service.waitForSignals { _ in !service.tipChanges.isEmpty })
        let change = try #require(service.tipChanges.first)
        #expect(change.id == "TimeViewTip")
        #expect(change.location == "DayView")
        #expect(change.changes.status == "invalidated")
        #expect(change.changes.invalidationReason == "tip-closed")
        // One signal for one change (0.1.0 sent TipStatusChanged besides).
        #expect(!service.waitForSignals(timeout: .milliseconds(300)) { $0.count > 1 }, "\(service.signals)")
        #expect(try service.tip("TIMEVIEWTIP").id == "TimeViewTip")
    }
}
