import BusTestSupport
import DBus
import Foundation
import Testing

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
        try service.call("UpdateDaysUsingApp", [.uint32(2)])
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("WidgetVotingTip")])
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("WidgetVotingTip")])
        let reopens = try #require(try service.property("NextDisplayTime").int64Value)
        while Int64(Date().timeIntervalSince1970 * 1_000_000) < reopens {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try service.call("PeekNextTip", [.string("DayView")]) == [.string("TimeViewTip")])
        #expect(try service.call("DisplayNextTip", [.string("DayView")]) == [.string("TimeViewTip")])
        #expect(try service.status("WidgetVotingTip") == "available", "the first tip was never closed")
        #expect(try service.tip("WidgetVotingTip")["display_count"] == .uint32(2))
    }

    // TipKit's TipView: a tip already shown shows again; a new one waits for the window, and asking records nothing.
    @Test func displayTipIsTrueForAShownTipAndFalseForANewOneInsideTheWindowRecordingNothing() throws {
        let service = try RunningService()
        #expect(try service.call("DisplayTip", [.string("CustomizeLayoutTip")]) == [.boolean(true)])
        let window = try service.property("NextDisplayTime")
        #expect(try service.call("DisplayTip", [.string("customizelayouttip")]) == [.boolean(true)])
        #expect(try service.call("ShouldDisplayTip", [.string("TimeViewTip")]) == [.boolean(false)])
        #expect(try service.call("DisplayTip", [.string("TimeViewTip")]) == [.boolean(false)])
        #expect(try service.call("NextNewTip", [.string("")]) == [.string("")])
        #expect(try service.tip("TimeViewTip")["display_count"] == .uint32(0))
        #expect(try service.tip("TimeViewTip")["should_display"] == .boolean(false))
        #expect(try service.property("NextDisplayTime") == window)
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT id, display_count FROM tips") == "CustomizeLayoutTip|2")
    }

    // TipKit: showAllTipsForTesting() shows tips "regardless of their rules or display frequency"; an override lives
    // as long as the service and never touches the journal or the real counts.
    @Test func theTestingSwitchesShowADayDrivenTipAtOnceAndLeaveTheCountsUntouched() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("good")])
        #expect(try service.status("WidgetVotingTip") == "pending")
        service.clearSignals()
        try service.call("ShowAllTipsForTesting")
        let widget = try service.tip("WidgetVotingTip")
        #expect(widget["status"] == .string("available") && widget["override"] == .string("shown"))
        #expect(try service.property("TestingOverride") == .string("show-all"))
        #expect(service.waitForSignals { _ in service.statusChanges.contains { $0.id == "WidgetVotingTip" } })
        #expect(try service.call("DisplayTip", [.string("WidgetVotingTip")]) == [.boolean(true)])
        #expect(try service.call("DisplayNextTip", [.string("InsightsView")]) == [.string("AIInsightsTip")])
        #expect(try service.property("MoodLogCount") == .uint32(1))
        #expect(try service.property("NextDisplayTime") == .int64(0), "no window opened under the override")

        try service.call("HideAllTipsForTesting")
        #expect(try service.call("EligibleTips", [.string("")]) == [.strings([])])
        try service.call("ShowTipsForTesting", [.strings(["moodstreaktip"])])
        #expect(try service.call("EligibleTips", [.string("DayView")]) == [.strings(["TimeViewTip", "MoodStreakTip"])])
        #expect(try service.errorName(of: "ShowTipsForTesting", [.strings(["NoSuchTip"])]) == RunningService.unknownTip)
        try service.call("ClearTestingOverrides")
        #expect(try service.status("MoodStreakTip") == "pending")

        try service.call("ShowAllTipsForTesting")
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT count(*) FROM tips") == "0")
        #expect(
            try Self.query(service.datastore, "SELECT mood_log_count, display_window_opened FROM parameters") == "1|")
        try service.start()
        #expect(try service.property("TestingOverride") == .string(""), "overrides end with the service")
        #expect(try service.status("WidgetVotingTip") == "pending")
    }

    @Test func setDisplayFrequencyChangesTheWindowForTheSessionAndAnnouncesIt() throws {
        let service = try RunningService()
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("CustomizeLayoutTip")])
        let daily = try #require(try service.property("NextDisplayTime").int64Value)
        service.clearSignals()
        try service.call("SetDisplayFrequency", [.string("hourly")])
        #expect(try service.property("DisplayFrequency") == .string("hourly"))
        #expect(try service.property("NextDisplayTime") == .int64(daily - 23 * 3_600_000_000))
        #expect(service.waitForSignals { _ in service.changedProperties.contains { $0.0 == "DisplayFrequency" } })
        #expect(try service.errorName(of: "SetDisplayFrequency", [.string("often")]) == RunningService.invalidArgs)
        try service.restart()
        #expect(try service.property("DisplayFrequency") == .string("daily"))
    }

    @Test func exportMoodsReturnsExactlyWhatWasLoggedWithTheOffsetOfTheClockThen() throws {
        let service = try RunningService(environment: ["TZ": "Asia/Kolkata"])
        let before = Int64(Date().timeIntervalSince1970 * 1_000_000)
        for mood in ["great", "Bad", "AVERAGE"] {
            try service.call("LogMood", [.string(mood)])
        }
        let after = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let moods = try #require(try service.call("ExportMoods").first?.arrayValue)
        let rows = moods.compactMap { $0.structureValue }
        #expect(rows.map { $0[1] } == [.string("great"), .string("bad"), .string("average")])
        #expect(rows.allSatisfy { $0[2] == .int32(19_800) })
        let times = rows.compactMap { $0[0].int64Value }
        #expect(times.count == 3 && times == times.sorted() && times.first! >= before && times.last! <= after)
        let busctl = try service.busctl(["call", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "ExportMoods"])
        #expect(busctl.stdout.hasPrefix("a(xsi) 3 \(times[0]) \"great\" 19800"), "\(busctl.stdout)")
    }

    // A POSIX TZ string gives the offset west of UTC: under TZ=UTC+14 the clock is 14 hours *behind* UTC.
    @Test(arguments: [("UTC+14", -50_400), ("JST-9", 32_400), ("<-03>3", -10_800)])
    func aMoodCarriesTheOffsetTheCLibraryGivesForAPOSIXZone(_ tz: String, _ offset: Int32) throws {
        let service = try RunningService(environment: ["TZ": tz])
        try service.call("LogMood", [.string("good")])
        let mood = try #require(try service.call("ExportMoods").first?.arrayValue?.first?.structureValue)
        #expect(mood[2] == .int32(offset))
    }

    @Test func forgetMoodsLeavesNoMoodInTheFileAndResetsTheCountsMadeFromThem() throws {
        let service = try RunningService()
        for mood in ["great", "bad", "good"] {
            try service.call("LogMood", [.string(mood)])
        }
        try service.call("SettingsViewed")
        service.clearSignals()
        #expect(try service.call("ForgetMoods") == [.uint32(3)])
        #expect(try service.property("MoodLogCount") == .uint32(0))
        #expect(try service.property("CurrentStreak") == .uint32(0))
        #expect(try service.property("HasSeenSettings") == .boolean(true))
        #expect(try service.call("ExportMoods") == [.array("(xsi)", [])])
        #expect(service.waitForSignals { _ in service.changedProperties.contains { $0.0 == "MoodLogCount" } })
        try service.call("LogMood", [.string("average")])
        #expect(service.stop() == .exited(0))
        #expect(try Self.query(service.datastore, "SELECT mood FROM moods") == "average")
        let log = service.lastLog.joined(separator: "\n")
        #expect(log.contains("Forgot 3 moods"), "\(log)")
        #expect(!log.contains("great") && !log.contains("bad"), "logs never carry mood data")
        // The journal stays append-only for every other writer.
        let delete = try runTool("sqlite3", [service.datastore, "DELETE FROM moods"])
        #expect(delete.status != 0 && delete.stderr.contains("append-only"))
    }

    // TipKit's invalidate(reason:): the reason travels with the change, so an app knows why a tip went away.
    @Test func tipChangedCarriesTheInvalidationReasonAndIdsAreReadInAnyCase() throws {
        let service = try RunningService()
        service.clearSignals()
        try service.call("InvalidateTip", [.string("timeviewtip"), .string("TIPCLOSED")])
        #expect(service.waitForSignals { _ in !service.tipChanges.isEmpty })
        let change = try #require(service.tipChanges.first)
        #expect(change.id == "TimeViewTip")
        #expect(change.changes["status"] == .string("invalidated"))
        #expect(change.changes["invalidation_reason"] == .string("tipClosed"))
        #expect(service.statusChanges == [StatusChange(id: "TimeViewTip", status: "invalidated")])
        #expect(try service.tip("TIMEVIEWTIP")["id"] == .string("TimeViewTip"))
    }
}
