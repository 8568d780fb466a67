import Foundation
import Testing
import TipsCore

@Suite("Explanations")
struct ExplanationTests {
    @Test func everyRuleIsExplainedWithItsThresholdValueAndOutcome() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 10:00"))
        engine.logMood(.good)
        let snapshot = try engine.snapshot(of: .siriShortcut)
        #expect(snapshot.status == .pending)
        let rule = try #require(snapshot.rules.first)
        #expect(rule.rule.parameter == .moodLogCount)
        #expect(rule.rule.comparison == .atLeast)
        #expect(rule.rule.threshold == .integer(3))
        #expect(rule.value == .integer(1))
        #expect(!rule.isSatisfied)
        #expect(snapshot.explanation == "Waiting for mood-log-count >= 3 (now 1).")
    }

    @Test func aFlagRuleIsExplainedWithItsFlag() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 10:00"))
        #expect(
            try engine.snapshot(of: .healthKitSync).explanation == "Waiting for has-seen-settings == true (now false).")
        engine.settingsViewed()
        let rule = try #require(try engine.snapshot(of: .healthKitSync).rules.first)
        #expect(rule.value == .boolean(true))
        #expect(rule.isSatisfied)
    }

    @Test func aTipWithoutRulesSaysItIsAlwaysEligible() throws {
        let engine = TipsEngine(clock: ManualClock("2026-11-30 10:00"))
        let snapshot = try engine.snapshot(of: .timeView)
        #expect(snapshot.rules.isEmpty)
        #expect(snapshot.hold == nil)
        #expect(snapshot.explanation == "Always eligible; ready to show.")
    }

    @Test func aReadyTipHeldBackByTheWindowSaysSoAndUntilWhen() throws {
        let clock = ManualClock("2026-11-30 10:00", zone: "UTC")
        var engine = TipsEngine(clock: clock)
        _ = engine.displayNextTip(at: .customizeContentView)
        let snapshot = try engine.snapshot(of: .timeView)
        #expect(snapshot.status == .available)
        #expect(snapshot.hold == .displayWindow(until: clock.instant("2026-12-01 10:00")))
        #expect(snapshot.hold?.name == "display-window")
        #expect(
            snapshot.explanation
                == "Ready, but another tip appeared recently: new tips wait until 2026-12-01T10:00:00Z.")
        #expect(try engine.snapshot(of: .customizeLayout).hold == nil)
        #expect(try engine.snapshot(of: .customizeLayout).explanation == "Shown 1 time; still available.")
        #expect(try engine.snapshot(of: .aiInsights).hold == nil)
    }

    @Test func anInvalidatedTipSaysWhyAndHowItComesBack() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 10:00"))
        try engine.invalidate(.timeView, reason: .tipClosed)
        #expect(
            try engine.snapshot(of: .timeView).explanation
                == "Invalidated (tip-closed); it returns only after ResetAllTips.")
    }

    @Test func aTipWaitingOnSeveralRulesNamesEveryUnmetOne() throws {
        let tip = Tip(
            id: "TwoRulesTip", title: "Two", message: "Rules.", symbol: "star", iconNames: ["starred"],
            location: .dayView,
            rules: [Rule(.moodLogCount, atLeast: 3), Rule(.hasSeenSettings, is: true)])
        let engine = TipsEngine(catalog: [tip], clock: ManualClock("2026-11-30 10:00"))
        #expect(
            try engine.snapshot(of: "TwoRulesTip").explanation
                == "Waiting for mood-log-count >= 3 (now 0) and has-seen-settings == true (now false).")
    }
}
