import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

@Suite("Every method, through busctl, gdbus and our own client")
struct MethodTests {
    static let catalog = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip",
        "TimeViewTip", "MoodStreakTip",
    ]

    /// The parameters a rule may test, as the contract spells them on the wire.
    static let parameters: Set = [
        "mood-log-count", "has-logged-moods", "has-seen-settings", "days-using-app", "current-streak",
    ]

    /// The ids of the tips `GetTips` gives for `location` whose status is available: what `EligibleTips` answered
    /// in 0.1.0.
    static func available(_ service: RunningService, at location: String) throws -> [String] {
        try service.tips.getTips(ids: [], options: .init(location: location)).filter { $0.status == "available" }
            .map(\.id)
    }

    @Test func logMoodReturnsTheNewCountInAnyLetterCase() throws {
        let service = try RunningService()
        let first = try service.busctlCall(.logMood, "sa{sv}", "great", "0")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.type == "u")
        #expect(first.data as? [Int] == [1])
        #expect(try service.tips.logMood(mood: "HORRIBLE") == 2)
        let gdbus = try service.gdbus(.logMood, "Average", "{}")
        #expect(gdbus.stdout == "(uint32 3,)\n", "\(gdbus.stderr)")
        #expect(try service.tips.moodLogCount() == 3)
        #expect(try service.tips.hasLoggedMoods() == 3)
    }

    // LogMood's options are for what a mood may carry later: one the service does not know is ignored.
    @Test func logMoodIgnoresAnOptionItDoesNotKnow() throws {
        let service = try RunningService()
        let reply = try service.busctlCall(.logMood, "sa{sv}", "good", "1", "weather", "s", "sunny")
        #expect(reply.data as? [Int] == [1], "\(reply.stderr)")
    }

    @Test func settingsViewedMakesHealthKitSyncAvailable() throws {
        let service = try RunningService()
        #expect(try service.status("HealthKitSyncTip") == "pending")
        let reply = try service.busctlCall(.settingsViewed)
        #expect(reply.status == 0, "\(reply.stderr)")
        #expect(try service.tips.hasSeenSettings())
        #expect(try service.status("HealthKitSyncTip") == "available")
    }

    @Test func explicitUpdatesSetDaysOfUseAndTheStreak() throws {
        let service = try RunningService()
        #expect(try service.busctlCall(.updateDaysUsingApp, "u", "4").status == 0)
        #expect(try service.busctlCall(.updateStreak, "u", "3").status == 0)
        #expect(try service.tips.daysUsingApp() == 4)
        #expect(try service.tips.currentStreak() == 3)
        #expect(try service.status("WidgetVotingTip") == "available")
        #expect(try service.status("MoodStreakTip") == "available")
        #expect(try service.gdbus(.updateStreak, "uint32 0").status == 0)
        #expect(try service.tips.currentStreak() == 0)
    }

    /// Was `ListTips`: `GetTips` with no ids.
    @Test func getTipsWithNoIdsReturnsEveryTipInCatalogOrderWithEveryKey() throws {
        let service = try RunningService()
        let reply = try service.busctlCall(.getTips, "asa{sv}", "0", "0")
        #expect(reply.type == "aa{sv}", "\(reply.stderr)")
        let tips = try #require(reply.data.first as? [[String: Any]])
        #expect(tips.compactMap { $0.data(.id) as? String } == Self.catalog)
        for tip in tips {
            #expect(Set(tip.keys) == Set(Tips1.Tip.Key.allCases.map(\.rawValue)))
        }
        #expect(tips[0].type(.displayCount) == "u")
        #expect(tips[0].type(.lastDisplayed) == "x")
        #expect(tips[0].type(.rules) == "aa{sv}")
        #expect(tips[0].type(.ignoresDisplayFrequency) == "b")
        #expect(tips[0].type(.iconNames) == "as")
        #expect(try service.tips.getTips(ids: []).map(\.id) == Self.catalog)
    }

    /// Was `GetTip`: `GetTips` with one id.
    @Test func getTipsReturnsTheSeedsWordsAndExplainsEachRule() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "good")
        let tip = try service.tip("SiriShortcutTip")
        #expect(tip.title == "Use Siri to Log Moods")
        #expect(tip.message == "Say 'Hey Siri, log my mood as great in Feels' for hands-free logging.")
        #expect(tip.language == "")
        #expect(tip.iconNames == ["audio-input-microphone-symbolic", "audio-input-microphone", "audio-microphone"])
        #expect(tip.symbol == "mic.fill")
        #expect(tip.location == "SettingsContentView")
        #expect(tip.status == "pending")
        #expect(tip.invalidationReason == "")
        #expect(tip.explanation == "Waiting for mood-log-count >= 3 (now 1).")
        #expect(tip.rules.count == 1)
        let rule = try #require(tip.rules.first)
        #expect(rule.parameter == "mood-log-count")
        #expect(rule.operator == ">=")
        #expect(rule.threshold == .uint32(3))
        #expect(rule.value == .uint32(1))
        #expect(!rule.satisfied)
        let flag = try #require(try service.tip("HealthKitSyncTip").rules.first)
        #expect(flag.parameter == "has-seen-settings")
        #expect(flag.threshold == .boolean(true))
        #expect(flag.value == .boolean(false))
    }

    // One casing for wire values: every rule's parameter is kebab-case, whatever the engine calls it.
    @Test func everyRulesParameterIsKebabCase() throws {
        let service = try RunningService()
        let parameters = try service.tips.getTips(ids: []).flatMap(\.rules).map(\.parameter)
        #expect(Set(parameters) == Self.parameters, "\(parameters)")
        let busctl = try service.busctlCall(.getTips, "asa{sv}", "1", "SiriShortcutTip", "0")
        let rules = try #require((busctl.data.first as? [[String: Any]])?.first?.data(.rules) as? [[String: Any]])
        let parameter = Tips1.Rule.Key.parameter.rawValue
        #expect(rules.map { ($0[parameter] as? [String: Any])?["data"] as? String } == ["mood-log-count"])
    }

    // A list places each tip as marshalled for the last reply that had it (docs/DESIGN.md, "Replies kept
    // while the tip is unchanged"): after a write, every list must show the tips it changed anew and the others as they were.
    @Test func everyListAfterAWriteShowsEachTipAsItIsReadAlone() throws {
        let service = try RunningService()
        let ids = ["SiriShortcutTip", "TimeViewTip", "CustomizeLayoutTip"]
        for count in 1...3 {
            // Every kind of list kept before the write: all tips, some by id, those at a location.
            _ = try service.tips.getTips(ids: [])
            _ = try service.tips.getTips(ids: ids)
            _ = try service.tips.getTips(ids: [], options: .init(location: "SettingsContentView"))
            #expect(try service.tips.logMood(mood: "good") == UInt32(count))
            let alone = try Self.catalog.map { try service.tip($0) }
            #expect(try service.tips.getTips(ids: []) == alone, "after \(count) moods")
            #expect(try service.tips.getTips(ids: ids) == ids.compactMap { id in alone.first { $0.id == id } })
            #expect(
                try service.tips.getTips(ids: [], options: .init(location: "SettingsContentView"))
                    == alone.filter { $0.location == "SettingsContentView" })
            let siri = try #require(alone.first { $0.id == "SiriShortcutTip" })
            #expect(siri.rules.first?.value == .uint32(UInt32(count)), "the changed tip is new in the lists")
        }
    }

    // After a write the service makes again the replies kept for tips read alone (two at most, the rest at the
    // read): whichever way each was made, every tip read alone must be what a service starting afresh from the same
    // datastore answers.
    @Test func everyTipReadAloneAfterAWriteIsWhatAFreshStartAnswers() throws {
        let service = try RunningService()
        let languages: [[String]?] = [nil, ["de_DE.UTF-8"]]
        func readAlone() throws -> [Tips1.Tip] {
            try languages.flatMap { list in try Self.catalog.map { try service.tip($0, languages: list) } }
        }
        _ = try readAlone()
        #expect(try service.tips.logMood(mood: "good") == 1)
        let afterMood = try readAlone()
        #expect(afterMood.first { $0.id == "SiriShortcutTip" }?.rules.first?.value == .uint32(1))
        // Showing a tip opens the display window: every other tip is held back by it now.
        let shown = try service.tips.presentNextTip(location: "")
        #expect(shown.shown)
        let afterShowing = try readAlone()
        #expect(afterShowing != afterMood)
        try service.restart()
        #expect(try readAlone() == afterShowing)
    }

    @Test func presentNextTipAnswersItsTipAsGetTipsDoesAfterEachChangeAndNothingToShowAlike() throws {
        let service = try RunningService()
        // SiriShortcutTip, at SettingsContentView, waits for three moods; its rule's value is the count.
        func peekAgreesWithGetTips() throws -> [Tips1.Tip] {
            try [nil, ["de_DE.UTF-8"], nil].map { languages throws -> Tips1.Tip in
                let next = try service.tips.presentNextTip(
                    location: "SettingsContentView", options: .init(languages: languages, record: false))
                let tip = try #require(next.tip)
                #expect(next.shown)
                #expect(tip == (try service.tip(tip.id, languages: languages)))
                return tip
            }
        }
        for count in 1...3 {
            #expect(try service.tips.logMood(mood: "good") == count)
        }
        let before = try peekAgreesWithGetTips()
        #expect(before.map(\.id) == Array(repeating: "SiriShortcutTip", count: 3))
        #expect(before[0].rules.first?.value == .uint32(3) && before[0] == before[2])
        #expect(try service.tips.logMood(mood: "good") == 4)
        // The replies kept for the tip are made again once the mood changed it.
        let after = try peekAgreesWithGetTips()
        #expect(after[0].rules.first?.value == .uint32(4) && after[0] == after[2])
        // CustomizeContentView has one tip: closed, nothing is to be shown there, each time alike.
        try service.tips.invalidateTip(id: "CustomizeLayoutTip", reason: "tip-closed")
        for _ in 0..<2 {
            #expect(
                try service.tips.presentNextTip(location: "CustomizeContentView")
                    == Tips1.PresentNextTipReply(shown: false, tip: nil))
        }
    }

    @Test func getTipsWithSeveralIdsKeepsTheirOrderAndRefusesAnUnknownIdOrLocation() throws {
        let service = try RunningService()
        let ids = ["TimeViewTip", "aiinsightstip", "CustomizeLayoutTip", "TimeViewTip"]
        #expect(
            try service.tips.getTips(ids: ids).map(\.id)
                == ["TimeViewTip", "AIInsightsTip", "CustomizeLayoutTip", "TimeViewTip"])
        let gdbus = try service.gdbus(.getTips, "['MoodStreakTip', 'HealthKitSyncTip']", "{}")
        #expect(gdbus.stdout.hasPrefix("([{'id': <'MoodStreakTip'>"), "\(gdbus.stderr)")
        #expect(gdbus.stdout.components(separatedBy: "<'HealthKitSyncTip'>").count == 2)
        // The location filters the ids asked for.
        #expect(
            try service.tips.getTips(ids: ids, options: .init(location: "dayview")).map(\.id)
                == ["TimeViewTip", "TimeViewTip"])
        #expect(
            try service.errorName { try $0.getTips(ids: ["TimeViewTip", "NoSuchTip"]) }
                == Tips1.Error.unknownTip.rawValue)
        #expect(
            try service.errorName { try $0.getTips(ids: [], options: .init(location: "Kitchen")) }
                == Tips1.Error.unknownLocation.rawValue)
        let unknown = try service.busctlCall(.getTips, "asa{sv}", "1", "NoSuchTip", "0")
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("NoSuchTip"), "\(unknown.stderr)")
    }

    /// Was `EligibleTips`: the tips `GetTips` gives for a location whose status is available, whatever the display
    /// window says.
    @Test func getTipsFiltersByLocationWithoutTheDisplayWindow() throws {
        let service = try RunningService()
        #expect(try Self.available(service, at: "") == ["CustomizeLayoutTip", "TimeViewTip"])
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
        #expect(try Self.available(service, at: "") == ["CustomizeLayoutTip", "TimeViewTip"])
        let location = Tips1.GetTipsOptions.Key.location.rawValue
        let dayView = try service.gdbus(.getTips, "[]", "{'\(location)': <'DayView'>}")
        #expect(dayView.stdout.hasPrefix("([{'id': <'WidgetVotingTip'>"), "\(dayView.stderr)")
        #expect(dayView.stdout.components(separatedBy: "{'id': <").count == 4, "three tips at DayView")
        #expect(try Self.available(service, at: "InsightsView") == [])
        #expect(
            try service.tips.getTips(ids: [], options: .init(location: "InsightsView")).map(\.id) == ["AIInsightsTip"])
    }

    /// Was `DisplayNextTip`: `PresentNextTip`, which now also answers the tip's words.
    @Test func presentNextTipRecordsTheDisplayAndAnswersTheWords() throws {
        let service = try RunningService()
        let before = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let reply = try service.busctlCall(.presentNextTip, "sa{sv}", "CustomizeContentView", "0")
        #expect(reply.type == "ba{sv}", "\(reply.stderr)")
        #expect(reply.data.first as? Bool == true)
        let answered = try #require(reply.data.last as? [String: Any])
        #expect(answered.data(.id) as? String == "CustomizeLayoutTip")
        #expect(answered.data(.title) as? String == "Personalize Your Experience")
        #expect(answered.data(.displayCount) as? Int == 1, "the reply shows the display it recorded")
        let tip = try service.tip("CustomizeLayoutTip")
        #expect(tip.displayCount == 1)
        #expect(tip.lastDisplayed >= before && tip.lastDisplayed <= before + 10_000_000)
        #expect(tip.firstDisplayed == tip.lastDisplayed)
    }

    /// Reasons are read as the contract spells them and as TipKit does, and answered as the contract spells them.
    @Test func invalidateTipTakesEitherCallerReasonAndAnswersItKebabCase() throws {
        let service = try RunningService()
        #expect(try service.busctlCall(.invalidateTip, "ss", "TimeViewTip", "tipClosed").status == 0)
        #expect(try service.gdbus(.invalidateTip, "CustomizeLayoutTip", "action-performed").status == 0)
        try service.tips.invalidateTip(id: "SiriShortcutTip", reason: "TIP-CLOSED")
        try service.tips.invalidateTip(id: "AIInsightsTip", reason: "ActionPerformed")
        let closed = try service.tip("TimeViewTip")
        #expect(closed.status == "invalidated")
        #expect(closed.invalidationReason == "tip-closed")
        #expect(try service.tip("CustomizeLayoutTip").invalidationReason == "action-performed")
        #expect(try service.tip("SiriShortcutTip").invalidationReason == "tip-closed")
        #expect(try service.tip("AIInsightsTip").invalidationReason == "action-performed")
        let none = try service.tips.presentNextTip(location: "")
        #expect(!none.shown && none.tip == nil)
    }

    @Test func resetAllTipsReturnsToAFreshInstall() throws {
        let service = try RunningService()
        for _ in 0..<7 { try service.tips.logMood(mood: "good") }
        try service.tips.settingsViewed()
        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")
        try service.tips.presentNextTip(location: "")
        #expect(try service.busctlCall(.resetAllTips).status == 0)
        #expect(try service.tips.moodLogCount() == 0)
        #expect(try !service.tips.hasSeenSettings())
        #expect(try service.tips.nextDisplayTime() == 0)
        #expect(try Self.available(service, at: "") == ["CustomizeLayoutTip", "TimeViewTip"])
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
        #expect(try service.tip("TimeViewTip").invalidationReason == "")
        #expect(try service.tips.logMood(mood: "bad") == 1)
    }

    /// Was `ShouldDisplayTip` and `DisplayTip`: `PresentTip` with `record` false, and `PresentTip`.
    @Test func presentTipLooksWithRecordFalseAndRecordsOtherwiseAsTipKitsTipViewDoes() throws {
        let service = try RunningService()
        let record = Tips1.PresentOptions.Key.record.rawValue
        let look = try service.busctlCall(.presentTip, "sa{sv}", "CustomizeLayoutTip", "1", record, "b", "false")
        #expect(look.type == "ba{sv}", "\(look.stderr)")
        #expect(look.data.first as? Bool == true)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
        let shown = try service.gdbus(.presentTip, "customizelayouttip", "{}")
        #expect(shown.stdout.hasPrefix("(true, {'id': <'CustomizeLayoutTip'>"), "\(shown.stderr)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
        // The window the first display opened holds a new tip back, and asking records nothing.
        #expect(try service.busctlCall(.presentTip, "sa{sv}", "TimeViewTip", "0").data.first as? Bool == false)
        let looked = try service.gdbus(.presentTip, "TimeViewTip", "{'\(record)': <false>}")
        #expect(looked.stdout.hasPrefix("(false, {'id': <'TimeViewTip'>"), "\(looked.stderr)")
        #expect(try service.tip("TimeViewTip").displayCount == 0)
    }

    // One round trip: the decision and the words the app shows, in the language it asks for, the tip as it stands
    // after the display.
    @Test func presentTipAnswersTheWordsWithTheDecisionInOneCall() throws {
        let service = try RunningService(environment: try LanguageAndTimeZoneTests.catalogsOnly())
        let english = try service.tips.presentTip(id: "TimeViewTip")
        #expect(english.shown)
        #expect(english.tip.id == "TimeViewTip")
        #expect(english.tip.title == "View Your History")
        #expect(english.tip.language == "")
        #expect(english.tip.displayCount == 1 && english.tip.lastDisplayed > 0)
        #expect(english.tip.iconNames.first == "x-office-calendar-symbolic")
        let german = try service.tips.presentTip(id: "TimeViewTip", options: .init(languages: ["de"]))
        #expect(german.shown)
        #expect(german.tip.title == "Sieh dir deinen Verlauf an")
        #expect(german.tip.language == "de")
        #expect(german.tip.displayCount == 2)
        // Held back, the tip still comes with its words and why it is not shown.
        let held = try service.tips.presentTip(id: "CustomizeLayoutTip", options: .init(languages: ["de"]))
        #expect(!held.shown)
        #expect(held.tip.title == "Personalisiere dein Erlebnis")
        #expect(held.tip.heldBackBy == "display-window")
        #expect(held.tip.explanation.hasPrefix("Ready, but another tip appeared recently"))
        #expect(held.tip.displayCount == 0)
        #expect(
            try service.errorName { try $0.presentTip(id: "NoSuchTip") } == Tips1.Error.unknownTip.rawValue)
    }

    /// Was `PeekNextTip` and `NextNewTip`: `PresentNextTip` with `record` false names the tip it would present
    /// without recording it; once a tip is shown, no new one is named anywhere in the window.
    @Test func presentNextTipWithRecordFalseNamesATipWithoutRecordingIt() throws {
        let service = try RunningService()
        let record = Tips1.PresentOptions.Key.record.rawValue
        let peek = try service.busctlCall(.presentNextTip, "sa{sv}", "", "1", record, "b", "false")
        #expect(peek.data.first as? Bool == true, "\(peek.stderr)")
        #expect((peek.data.last as? [String: Any])?.data(.id) as? String == "CustomizeLayoutTip")
        let next = try service.tips.presentNextTip(location: "DayView", options: .init(record: false))
        #expect(next.shown && next.tip?.id == "TimeViewTip")
        #expect(try service.tips.nextDisplayTime() == 0)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
        // Inside the window no new tip may appear, but the one shown keeps its place.
        let dayView = try service.tips.presentNextTip(location: "DayView", options: .init(record: false))
        #expect(!dayView.shown && dayView.tip == nil)
        let again = try service.gdbus(.presentNextTip, "CustomizeContentView", "{'\(record)': <false>}")
        #expect(again.stdout.hasPrefix("(true, {'id': <'CustomizeLayoutTip'>"), "\(again.stderr)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
    }

    /// Was `GetLocalizedTip` and `ListLocalizedTips`: `GetTips` with the `languages` option.
    @Test func tipsComeInTheLanguageTheCallerAsks() throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = "C"
        let service = try RunningService(environment: environment)
        let languages = Tips1.GetTipsOptions.Key.languages.rawValue
        let tip = try service.busctlCall(
            .getTips, "asa{sv}", "1", "timeviewtip", "1", languages, "as", "1", "de_DE.UTF-8")
        #expect(tip.type == "aa{sv}", "\(tip.stderr)")
        let words = try #require((tip.data.first as? [[String: Any]])?.first)
        #expect(words.data(.title) as? String == "Sieh dir deinen Verlauf an")
        #expect(words.data(.language) as? String == "de_DE.UTF-8")
        let all = try service.gdbus(.getTips, "[]", "{'\(languages)': <['de_DE.UTF-8']>}")
        #expect(all.stdout.contains("'title': <'Bau deine Serie aus!'>"), "\(all.stderr)")
        #expect(!all.stdout.contains("Build Your Streak!"))
        let own = try service.tips.getTips(ids: [])
        #expect(own.count == 7 && own.last?.title == "Build Your Streak!")
        #expect(own.allSatisfy { $0.language == "" })
    }

    @Test func forgetMoodsErasesTheJournalAndSaysHowManyMoodsWent() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "good")
        try service.tips.logMood(mood: "great")
        let forgot = try service.gdbus(.forgetMoods)
        #expect(forgot.stdout == "(uint32 2,)\n", "\(forgot.stderr)")
        #expect(try service.tips.moodLogCount() == 0)
        let journal = try service.busctlCall(.exportMoods)
        #expect(journal.type == "a(xsi)", "\(journal.stderr)")
        #expect((journal.data.first as? [Any])?.isEmpty == true)
        #expect(try service.busctlCall(.forgetMoods).data as? [Int] == [0])
    }

    /// The switches are on `org.feels.Tips1.Testing` now, `ShowTips` and the others without the old suffix.
    @Test func theTestingSwitchesTurnOnAndOffFromTheShell() throws {
        let service = try RunningService()
        let some = try service.busctlCall(Tips1Testing.Method.showTips, "as", "1", "widgetvotingtip")
        #expect(some.status == 0, "\(some.stderr)")
        #expect(try service.status("WidgetVotingTip") == "available")
        let active = try service.busctlProperties(Tips1Testing.name, [Tips1Testing.Property.activeSwitch.rawValue])
        #expect(active.stdout == "s \"show-some\"\n", "\(active.stderr)")
        #expect(try service.gdbus(Tips1Testing.Method.hideAllTips).status == 0)
        #expect(try Self.available(service, at: "") == [])
        let all = try service.dbusSend(Tips1Testing.Method.showAllTips)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(try Self.available(service, at: "") == Self.catalog)
        #expect(try service.busctlCall(Tips1Testing.Method.clearSwitches).status == 0)
        #expect(try service.testing.activeSwitch() == "")
        #expect(try Self.available(service, at: "") == ["CustomizeLayoutTip", "TimeViewTip"])
    }

    @Test func setDisplayFrequencyTakesANameOrSeconds() throws {
        let service = try RunningService()
        #expect(try service.busctlCall(Tips1Testing.Method.setDisplayFrequency, "s", "weekly").status == 0)
        let frequency = [Tips1.Property.displayFrequency.rawValue]
        #expect(try service.busctlProperties(Tips1.name, frequency).stdout == "s \"weekly\"\n")
        let seconds = try service.gdbus(Tips1Testing.Method.setDisplayFrequency, "'90'")
        #expect(seconds.stdout == "()\n", "\(seconds.stderr)")
        #expect(try service.tips.displayFrequency() == "90")
    }

    @Test func busctlReadsThePropertiesThatSayWhatIsServing() throws {
        let service = try RunningService(environment: ["TZ": "Asia/Kolkata"])
        let version = try service.tips.serviceVersion()
        #expect(version.first?.isNumber == true)
        let properties: [Tips1.Property] = [.timeZone, .version, .serviceVersion, .datastore]
        let result = try service.busctlProperties(Tips1.name, properties.map(\.rawValue))
        #expect(
            result.stdout == "s \"Asia/Kolkata\"\nu 1\ns \"\(version)\"\ns \"\(service.datastore)\"\n",
            "\(result.stderr)")
        let active = try service.busctlProperties(Tips1Testing.name, [Tips1Testing.Property.activeSwitch.rawValue])
        #expect(active.stdout == "s \"\"\n", "\(active.stderr)")
    }
}
