import Testing
import TipsCore

@Suite("Forgetting the user's moods")
struct ForgettingMoodsTests {
    @Test func forgettingMoodsResetsEveryCountMadeFromThemAndKeepsTheRest() throws {
        let clock = ManualClock("2026-11-28 09:00")
        var engine = TipsEngine(displayFrequency: .immediate, clock: clock)
        for day in ["2026-11-28 09:00", "2026-11-29 09:00", "2026-11-30 09:00"] {
            clock.set(day)
            engine.logMood(.great)
        }
        engine.settingsViewed()
        try engine.invalidate(.customizeLayout, reason: .tipClosed)
        #expect(engine.status(.moodStreak) == .available)
        engine.forgetMoods()
        let values = engine.parameterValues
        #expect(values.moodLogCount == 0 && values.hasLoggedMoods == 0)
        #expect(values.currentStreak == 0 && values.daysUsingApp == 0)
        #expect(values.hasSeenSettings, "viewing Settings is not a mood")
        #expect(engine.status(.moodStreak) == .pending)
        #expect(engine.status(.customizeLayout) == .invalidated(.tipClosed))
    }
}
