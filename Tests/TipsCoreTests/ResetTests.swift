import Testing
import TipsCore

@Suite("Resetting all tips")
struct ResetTests {
    @Test func resetReturnsEverythingToAFreshInstall() throws {
        let clock = ManualClock("2026-11-30 10:00")
        var engine = TipsEngine(clock: clock)
        for _ in 0..<8 { engine.logMood(.great) }
        engine.settingsViewed()
        try engine.updateStreak(4)
        try engine.updateDaysUsingApp(9)
        _ = engine.displayNextTip(at: nil)
        try engine.invalidate(.timeView, reason: .tipClosed)

        engine.resetAllTips()

        #expect(engine.state == TipsState())
        #expect(engine.parameterValues == ParameterValues())
        #expect(
            engine.snapshots().map(\.status) == [
                .available, .pending, .pending, .pending, .pending, .available, .pending,
            ])
        #expect(engine.snapshots().allSatisfy { $0.record == TipRecord() })
        #expect(engine.nextDisplayTime == nil)
        #expect(engine.nextTimeDrivenChange() == nil)
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
    }
}
