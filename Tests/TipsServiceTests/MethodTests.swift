import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Every method, through busctl, gdbus and our own client")
struct MethodTests {
    static let catalog = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip",
        "TimeViewTip", "MoodStreakTip",
    ]

    @Test func logMoodReturnsTheNewCountInAnyLetterCase() throws {
        let service = try RunningService()
        let first = try service.busctlCall("LogMood", "s", "great")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.type == "u")
        #expect(first.data as? [Int] == [1])
        #expect(try service.call("LogMood", [.string("HORRIBLE")]) == [.uint32(2)])
        let gdbus = try service.gdbus("LogMood", "Average")
        #expect(gdbus.stdout == "(uint32 3,)\n", "\(gdbus.stderr)")
        #expect(try service.property("MoodLogCount") == .uint32(3))
        #expect(try service.property("HasLoggedMoods") == .uint32(3))
    }

    @Test func settingsViewedMakesHealthKitSyncAvailable() throws {
        let service = try RunningService()
        #expect(try service.status("HealthKitSyncTip") == "pending")
        let reply = try service.busctlCall("SettingsViewed")
        #expect(reply.status == 0, "\(reply.stderr)")
        #expect(try service.property("HasSeenSettings") == .boolean(true))
        #expect(try service.status("HealthKitSyncTip") == "available")
    }

    @Test func explicitUpdatesSetDaysOfUseAndTheStreak() throws {
        let service = try RunningService()
        #expect(try service.busctlCall("UpdateDaysUsingApp", "u", "4").status == 0)
        #expect(try service.busctlCall("UpdateStreak", "u", "3").status == 0)
        #expect(try service.property("DaysUsingApp") == .uint32(4))
        #expect(try service.property("CurrentStreak") == .uint32(3))
        #expect(try service.status("WidgetVotingTip") == "available")
        #expect(try service.status("MoodStreakTip") == "available")
        #expect(try service.gdbus("UpdateStreak", "uint32 0").status == 0)
        #expect(try service.property("CurrentStreak") == .uint32(0))
    }

    @Test func listTipsReturnsEveryTipInCatalogOrderWithEveryKey() throws {
        let service = try RunningService()
        let reply = try service.busctlCall("ListTips")
        #expect(reply.type == "aa{sv}")
        let tips = try #require(reply.data.first as? [[String: Any]])
        #expect(tips.compactMap { ($0["id"] as? [String: Any])?["data"] as? String } == Self.catalog)
        let keys: Set = [
            "id", "title", "message", "icon", "symbol", "location", "status", "invalidation_reason", "display_count",
            "first_displayed", "last_displayed", "max_display_count", "ignores_display_frequency", "rules",
            "held_back_by", "held_until", "explanation", "locale", "should_display", "override", "notification_title",
            "notification_body", "notified_at",
        ]
        for tip in tips {
            #expect(Set(tip.keys) == keys)
        }
        let types = tips[0].mapValues { ($0 as? [String: Any])?["type"] as? String }
        #expect(types["display_count"] == "u")
        #expect(types["last_displayed"] == "x")
        #expect(types["rules"] == "aa{sv}")
        #expect(types["ignores_display_frequency"] == "b")
    }

    @Test func getTipReturnsTheSeedsWordsAndExplainsEachRule() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("good")])
        let tip = try service.tip("SiriShortcutTip")
        #expect(tip["title"] == .string("Use Siri to Log Moods"))
        #expect(tip["message"] == .string("Say 'Hey Siri, log my mood as great in Feels' for hands-free logging."))
        #expect(tip["icon"] == .string("audio-input-microphone"))
        #expect(tip["symbol"] == .string("mic.fill"))
        #expect(tip["location"] == .string("SettingsContentView"))
        #expect(tip["status"] == .string("pending"))
        #expect(tip["invalidation_reason"] == .string(""))
        #expect(tip["explanation"] == .string("Waiting for moodLogCount >= 3 (now 1)."))
        let rules = try #require(tip["rules"]?.arrayValue?.compactMap { $0.vardictValue })
        #expect(rules.count == 1)
        #expect(rules[0]["parameter"] == .string("moodLogCount"))
        #expect(rules[0]["operator"] == .string(">="))
        #expect(rules[0]["threshold"] == .uint32(3))
        #expect(rules[0]["value"] == .uint32(1))
        #expect(rules[0]["satisfied"] == .boolean(false))
        let flag = try #require(try service.tip("HealthKitSyncTip")["rules"]?.arrayValue?.first?.vardictValue)
        #expect(flag["threshold"] == .boolean(true))
        #expect(flag["value"] == .boolean(false))
    }

    @Test func eligibleTipsFiltersByLocationWithoutTheDisplayWindow() throws {
        let service = try RunningService()
        #expect(try service.call("EligibleTips", [.string("")]) == [.strings(["CustomizeLayoutTip", "TimeViewTip"])])
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("CustomizeLayoutTip")])
        let dayView = try service.gdbus("EligibleTips", "DayView")
        #expect(dayView.stdout == "(['TimeViewTip'],)\n", "\(dayView.stderr)")
        #expect(try service.call("EligibleTips", [.string("InsightsView")]) == [.strings([])])
    }

    @Test func displayNextTipRecordsTheDisplay() throws {
        let service = try RunningService()
        let before = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let reply = try service.busctlCall("DisplayNextTip", "s", "CustomizeContentView")
        #expect(reply.data as? [String] == ["CustomizeLayoutTip"], "\(reply.stderr)")
        let tip = try service.tip("CustomizeLayoutTip")
        #expect(tip["display_count"] == .uint32(1))
        let shown = try #require(tip["last_displayed"]?.int64Value)
        #expect(shown >= before && shown <= before + 10_000_000)
        #expect(tip["first_displayed"] == tip["last_displayed"])
    }

    @Test func invalidateTipTakesEitherCallerReason() throws {
        let service = try RunningService()
        #expect(try service.busctlCall("InvalidateTip", "ss", "TimeViewTip", "tipClosed").status == 0)
        #expect(try service.gdbus("InvalidateTip", "CustomizeLayoutTip", "actionPerformed").status == 0)
        let closed = try service.tip("TimeViewTip")
        #expect(closed["status"] == .string("invalidated"))
        #expect(closed["invalidation_reason"] == .string("tipClosed"))
        #expect(try service.tip("CustomizeLayoutTip")["invalidation_reason"] == .string("actionPerformed"))
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("")])
    }

    @Test func resetAllTipsReturnsToAFreshInstall() throws {
        let service = try RunningService()
        for _ in 0..<7 { try service.call("LogMood", [.string("good")]) }
        try service.call("SettingsViewed")
        try service.call("InvalidateTip", [.string("TimeViewTip"), .string("tipClosed")])
        try service.call("DisplayNextTip", [.string("")])
        #expect(try service.busctlCall("ResetAllTips").status == 0)
        #expect(try service.property("MoodLogCount") == .uint32(0))
        #expect(try service.property("HasSeenSettings") == .boolean(false))
        #expect(try service.property("NextDisplayTime") == .int64(0))
        #expect(try service.call("EligibleTips", [.string("")]) == [.strings(["CustomizeLayoutTip", "TimeViewTip"])])
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(0))
        #expect(try service.call("LogMood", [.string("bad")]) == [.uint32(1)])
    }

    @Test func shouldDisplayTipLooksAndDisplayTipRecordsAsTipKitsTipViewDoes() throws {
        let service = try RunningService()
        let should = try service.busctlCall("ShouldDisplayTip", "s", "CustomizeLayoutTip")
        #expect(should.type == "b", "\(should.stderr)")
        #expect(should.data as? [Bool] == [true])
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(0))
        let shown = try service.gdbus("DisplayTip", "customizelayouttip")
        #expect(shown.stdout == "(true,)\n", "\(shown.stderr)")
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(1))
        // The window the first display opened holds a new tip back, and asking records nothing.
        #expect(try service.busctlCall("DisplayTip", "s", "TimeViewTip").data as? [Bool] == [false])
        #expect(try service.gdbus("ShouldDisplayTip", "TimeViewTip").stdout == "(false,)\n")
        #expect(try service.tip("TimeViewTip")["display_count"] == .uint32(0))
    }

    @Test func peekNextTipAndNextNewTipNameATipWithoutRecordingIt() throws {
        let service = try RunningService()
        #expect(try service.busctlCall("PeekNextTip", "s", "").data as? [String] == ["CustomizeLayoutTip"])
        let next = try service.gdbus("NextNewTip", "DayView")
        #expect(next.stdout == "('TimeViewTip',)\n", "\(next.stderr)")
        #expect(try service.property("NextDisplayTime") == .int64(0))
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(0))
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("CustomizeLayoutTip")])
        // Inside the window no new tip may appear, but the one shown keeps its place.
        #expect(try service.busctlCall("NextNewTip", "s", "").data as? [String] == [""])
        #expect(try service.gdbus("PeekNextTip", "CustomizeContentView").stdout == "('CustomizeLayoutTip',)\n")
    }

    @Test func localizedTipsComeInTheLanguageTheCallerAsks() throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = "C"
        let service = try RunningService(environment: environment)
        let tip = try service.busctlCall("GetLocalizedTip", "ss", "timeviewtip", "de_DE.UTF-8")
        #expect(tip.type == "a{sv}", "\(tip.stderr)")
        let words = try #require(tip.data.first as? [String: Any])
        #expect((words["title"] as? [String: Any])?["data"] as? String == "Sieh dir deinen Verlauf an")
        #expect((words["locale"] as? [String: Any])?["data"] as? String == "de_DE.UTF-8")
        let all = try service.gdbus("ListLocalizedTips", "de_DE.UTF-8")
        #expect(all.stdout.contains("'title': <'Bau deine Serie aus!'>"), "\(all.stderr)")
        #expect(!all.stdout.contains("Build Your Streak!"))
        let own = try service.busctlCall("ListLocalizedTips", "s", "")
        let titles = (own.data.first as? [[String: Any]] ?? []).compactMap {
            ($0["title"] as? [String: Any])?["data"] as? String
        }
        #expect(titles.count == 7 && titles.last == "Build Your Streak!", "\(own.stderr)")
    }

    @Test func forgetMoodsErasesTheJournalAndSaysHowManyMoodsWent() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("good")])
        try service.call("LogMood", [.string("great")])
        let forgot = try service.gdbus("ForgetMoods")
        #expect(forgot.stdout == "(uint32 2,)\n", "\(forgot.stderr)")
        #expect(try service.property("MoodLogCount") == .uint32(0))
        let journal = try service.busctlCall("ExportMoods")
        #expect(journal.type == "a(xsi)", "\(journal.stderr)")
        #expect((journal.data.first as? [Any])?.isEmpty == true)
        #expect(try service.busctlCall("ForgetMoods").data as? [Int] == [0])
    }

    @Test func theTestingSwitchesTurnOnAndOffFromTheShell() throws {
        let service = try RunningService()
        let some = try service.busctlCall("ShowTipsForTesting", "as", "1", "widgetvotingtip")
        #expect(some.status == 0, "\(some.stderr)")
        #expect(try service.status("WidgetVotingTip") == "available")
        let override = try service.busctl(
            ["get-property", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "TestingOverride"])
        #expect(override.stdout == "s \"show-some\"\n", "\(override.stderr)")
        #expect(try service.gdbus("HideAllTipsForTesting").status == 0)
        #expect(try service.call("EligibleTips", [.string("")]) == [.strings([])])
        let all = try service.dbusSend("ShowAllTipsForTesting")
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try service.call("EligibleTips", [.string("")]) == [.strings(Self.catalog)])
        #expect(try service.busctlCall("ClearTestingOverrides").status == 0)
        #expect(try service.property("TestingOverride") == .string(""))
        #expect(try service.call("EligibleTips", [.string("")]) == [.strings(["CustomizeLayoutTip", "TimeViewTip"])])
    }

    @Test func setDisplayFrequencyTakesANameOrSeconds() throws {
        let service = try RunningService()
        #expect(try service.busctlCall("SetDisplayFrequency", "s", "weekly").status == 0)
        let property = ["get-property", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "DisplayFrequency"]
        #expect(try service.busctl(property).stdout == "s \"weekly\"\n")
        let seconds = try service.gdbus("SetDisplayFrequency", "'90'")
        #expect(seconds.stdout == "()\n", "\(seconds.stderr)")
        #expect(try service.property("DisplayFrequency") == .string("90"))
    }

    @Test func busctlReadsThePropertiesThatSayWhatIsServing() throws {
        let service = try RunningService(environment: ["TZ": "Asia/Kolkata"])
        let version = try #require(try service.property("Version").stringValue)
        let result = try service.busctl([
            "get-property", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "TimeZone", "Version", "Datastore",
            "TestingOverride",
        ])
        #expect(
            result.stdout == "s \"Asia/Kolkata\"\ns \"\(version)\"\ns \"\(service.datastore)\"\ns \"\"\n",
            "\(result.stderr)")
    }
}
