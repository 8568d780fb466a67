import Foundation
import Testing
import TipsCore

@Suite("Status transitions")
struct StatusTransitionTests {
    @Test func aTipGoesFromPendingToAvailableToInvalidated() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(engine.status(.siriShortcut) == .pending)
        for _ in 0..<3 { engine.logMood(.good) }
        #expect(engine.status(.siriShortcut) == .available)
        try engine.invalidate(.siriShortcut, reason: .actionPerformed)
        #expect(engine.status(.siriShortcut) == .invalidated(.actionPerformed))
    }

    @Test func aPendingTipCanBeInvalidatedAndNeverBecomesAvailable() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        try engine.invalidate(.aiInsights, reason: .tipClosed)
        for _ in 0..<10 { engine.logMood(.good) }
        #expect(engine.status(.aiInsights) == .invalidated(.tipClosed))
        #expect(!engine.eligibleTips(at: nil).contains(.aiInsights))
    }

    @Test func aClosedTipIsNeverDisplayedAgain() throws {
        var engine = TipsEngine(displayFrequency: .immediate, clock: ManualClock("2026-11-30 09:00"))
        #expect(engine.displayNextTip(at: .customizeContentView) == .customizeLayout)
        try engine.invalidate(.customizeLayout, reason: .tipClosed)
        #expect(engine.displayNextTip(at: .customizeContentView) == nil)
    }

    @Test func anInvalidatedTipKeepsItsFirstReason() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        try engine.invalidate(.timeView, reason: .tipClosed)
        try engine.invalidate(.timeView, reason: .actionPerformed)
        #expect(engine.status(.timeView) == .invalidated(.tipClosed))
    }

    @Test func aTipFallsBackToPendingWhenItsRuleStopsHolding() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        try engine.updateStreak(3)
        #expect(engine.status(.moodStreak) == .available)
        try engine.updateStreak(1)
        #expect(engine.status(.moodStreak) == .pending)
    }

    @Test func unknownTipsAreRefused() {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(throws: TipsError.unknownTip("NoSuchTip", known: TipCatalog.feels.map(\.id))) {
            try engine.invalidate("NoSuchTip", reason: .tipClosed)
        }
        #expect(throws: TipsError.unknownTip("NoSuchTip", known: TipCatalog.feels.map(\.id))) {
            try engine.snapshot(of: "NoSuchTip")
        }
    }

    @Test func callersCannotClaimTheDisplayCountWasExceeded() {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(throws: TipsError.invalidReason("displayCountExceeded")) {
            try engine.invalidate(.timeView, reason: .displayCountExceeded)
        }
        #expect(engine.status(.timeView) == .available)
    }

    @Test func aTipIsInvalidatedAfterItsMaximumDisplayCount() throws {
        let limited = Tip(
            id: "LimitedTip", title: "Limited", message: "Shown twice.", symbol: "star", iconNames: ["starred"],
            location: .dayView, options: TipOptions(maxDisplayCount: 2))
        var engine = TipsEngine(catalog: [limited], clock: ManualClock("2026-11-30 09:00"))
        #expect(engine.displayNextTip(at: .dayView) == "LimitedTip")
        #expect(engine.status("LimitedTip") == .available)
        #expect(engine.displayNextTip(at: .dayView) == "LimitedTip")
        #expect(engine.status("LimitedTip") == .invalidated(.displayCountExceeded))
        #expect(engine.state[tip: "LimitedTip"].displayCount == 2)
        #expect(engine.displayNextTip(at: .dayView) == nil)
    }

    @Test func displaysAreCountedWithFirstAndLastTimes() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        let first = clock.now
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
        clock.advance(hours: 2)
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
        let record = engine.state[tip: .timeView]
        #expect(record.displayCount == 2)
        #expect(record.firstDisplayed == first)
        #expect(record.lastDisplayed == clock.now)
    }
}
