import Testing
import TipsCore

/// TipKit's testing switches: `showAllTipsForTesting()`, `showTipsForTesting(_:)`, `hideAllTipsForTesting()`.
@Suite("Testing switches")
struct TestingOverrideTests {
    // TipKit: showAllTipsForTesting() shows every tip "regardless of their rules or display frequency".
    @Test func showAllShowsADayDrivenTipAtOnceAndRecordsNothing() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        let before = engine.state
        engine.testingOverride = .showAll
        let snapshot = try engine.snapshot(of: .widgetVoting)
        #expect(snapshot.status == .available && snapshot.override == .shown && snapshot.shouldDisplay)
        #expect(snapshot.explanation.hasPrefix("Shown by a testing switch"))
        let result1 = try engine.displayTip(.widgetVoting)
        #expect(result1)
        let result2 = engine.displayNextTip(at: .dayView)
        #expect(result2 != nil)
        #expect(engine.state == before, "no display under an override is recorded")
        #expect(engine.parameterValues.moodLogCount == 1)
        engine.testingOverride = .none
        #expect(try engine.snapshot(of: .widgetVoting).status == .pending)
    }

    // TipKit: showTipsForTesting(_:) shows the tips named; the others follow their rules.
    @Test func showSomeShowsOnlyTheTipsNamed() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        engine.testingOverride = .show([.moodStreak])
        #expect(engine.eligibleTips(at: .dayView) == [.timeView, .moodStreak])
        #expect(try engine.snapshot(of: .aiInsights).status == .pending)
        #expect(engine.observation().testingOverride.name == "show-some")
    }

    // TipKit: hideAllTipsForTesting() hides every tip.
    @Test func hideAllHidesEveryTip() throws {
        var engine = TipsEngine(displayFrequency: .immediate, clock: ManualClock("2026-11-30 09:00"))
        engine.testingOverride = .hideAll
        #expect(engine.eligibleTips(at: nil).isEmpty)
        let result3 = engine.displayNextTip(at: nil)
        #expect(result3 == nil)
        #expect(try !engine.displayTip(.timeView))
        #expect(try engine.snapshot(of: .timeView).explanation == "Hidden by the hide-all testing switch.")
    }

    @Test func switchingAnOverrideIsAnObservableChange() {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        let before = engine.observation()
        engine.testingOverride = .showAll
        let changes = engine.observation().changes(since: before)
        #expect(changes.testingOverrideChanged)
        #expect(changes.statuses.map(\.id) == [.aiInsights, .siriShortcut, .healthKitSync, .widgetVoting, .moodStreak])
        #expect(changes.tips.allSatisfy { $0.overrideChanged })
    }
}
