import Testing
import TipsCore

/// The display decisions of TipKit's `TipView` and `Tip.shouldDisplay`, each test quoting the rule it follows.
@Suite("TipKit's display rules: a tip per anchor")
struct TipKitDisplayTests {
    /// DayView holds WidgetVotingTip (once two days of use), TimeViewTip (always) and MoodStreakTip.
    static func dayViewWithTwoTipsReady(_ clock: ManualClock) throws -> TipsEngine {
        var engine = TipsEngine(clock: clock)
        try engine.updateDaysUsingApp(2)
        #expect(engine.eligibleTips(at: .dayView) == [.widgetVoting, .timeView])
        return engine
    }

    // TipKit: "the display frequency gates only tips that have not appeared; a tip already shown keeps showing in its
    // own place, and a new tip may first appear elsewhere once the window reopens".
    @Test func twoTipsAtDayViewBothAppearOverTwoWindowsWithoutTheFirstBeingClosed() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.dayViewWithTwoTipsReady(clock)
        let result1 = engine.displayNextTip(at: .dayView)
        #expect(result1 == .widgetVoting)
        clock.advance(hours: 3)
        let result2 = engine.displayNextTip(at: .dayView)
        #expect(result2 == .widgetVoting, "inside the window the shown tip comes again")
        clock.advance(hours: 21)
        let result3 = engine.displayNextTip(at: .dayView)
        #expect(result3 == .timeView, "the reopened window lets the second tip appear")
        #expect(try engine.snapshot(of: .widgetVoting).record.displayCount == 2)
        #expect(try engine.snapshot(of: .timeView).record.displayCount == 1)
    }

    // TipKit: with no display frequency, every eligible tip may appear at once; none starves the others.
    @Test func withAnImmediateFrequencyEveryTipAppearsInTurnRatherThanTheFirstForever() throws {
        var engine = TipsEngine(displayFrequency: .immediate, clock: ManualClock("2026-11-30 09:00"))
        try engine.updateDaysUsingApp(2)
        var shown: [TipID] = []
        for _ in 0..<4 {
            shown += engine.displayNextTip(at: nil).map { [$0] } ?? []
        }
        #expect(shown == [.customizeLayout, .widgetVoting, .timeView, .customizeLayout])
    }

    // TipKit's TipView: a tip that has appeared keeps showing in its place while it is available.
    @Test func displayTipOfAShownTipInsideTheWindowIsTrueAndRecorded() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.dayViewWithTwoTipsReady(clock)
        let result4 = try engine.displayTip(.widgetVoting)
        #expect(result4)
        clock.advance(hours: 1)
        #expect(try engine.shouldDisplay(.widgetVoting))
        let result5 = try engine.displayTip(.widgetVoting)
        #expect(result5)
        #expect(try engine.snapshot(of: .widgetVoting).record.displayCount == 2)
    }

    // TipKit: a tip that has never appeared waits for the display window; asking records nothing.
    @Test func displayTipOfANewTipInsideTheWindowIsFalseAndRecordsNothing() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.dayViewWithTwoTipsReady(clock)
        let result6 = try engine.displayTip(.widgetVoting)
        #expect(result6)
        let before = engine.state
        #expect(try !engine.shouldDisplay(.timeView))
        #expect(try !engine.displayTip(.timeView))
        #expect(engine.state == before)
        #expect(try engine.snapshot(of: .timeView).hold == .displayWindow(until: clock.instant("2026-12-01 09:00")))
    }

    @Test func displayTipOfAPendingOrInvalidatedTipIsFalse() throws {
        var engine = TipsEngine(displayFrequency: .immediate, clock: ManualClock("2026-11-30 09:00"))
        #expect(try !engine.displayTip(.aiInsights))
        try engine.invalidate(.timeView, reason: .tipClosed)
        #expect(try !engine.displayTip(.timeView))
        #expect(engine.state.tips[.aiInsights] == nil)
    }

    @Test func peekingAtTheNextTipGivesWhatDisplayingWouldWithoutRecording() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.dayViewWithTwoTipsReady(clock)
        for _ in 0..<3 {
            let peeked = engine.nextTip(at: .dayView)
            let before = engine.state
            #expect(engine.nextTip(at: .dayView) == peeked && engine.state == before)
            let result7 = engine.displayNextTip(at: .dayView)
            #expect(result7 == peeked)
            clock.advance(hours: 13)
        }
    }

    @Test func tipIdsAndReasonsAreReadInAnyLetterCaseAndKeepTheirSpelling() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(try engine.snapshot(of: "timeviewtip").tip.id == .timeView)
        try engine.invalidate("TIMEVIEWTIP", reason: try InvalidationReason(callerReason: "TipClosed"))
        #expect(engine.state.tips[.timeView]?.invalidation == .tipClosed)
        #expect(throws: TipsError.invalidReason("displaycountexceeded")) {
            try InvalidationReason(callerReason: "displaycountexceeded")
        }
    }
}

extension TipsState {
    /// The state with another first day of use.
    func with(firstUseDay: CalendarDay?) -> TipsState {
        var state = self
        state.parameters.firstUseDay = firstUseDay
        return state
    }
}
