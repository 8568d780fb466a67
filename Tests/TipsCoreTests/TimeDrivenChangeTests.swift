import Foundation
import Testing
import TipsCore

@Suite("Time-driven changes")
struct TimeDrivenChangeTests {
    @Test func aFreshInstallWaitsOnNothing() {
        #expect(TipsEngine(clock: ManualClock("2026-11-30 10:00")).nextTimeDrivenChange() == nil)
    }

    @Test func afterFirstUseTheNextChangeIsTheNextLocalMidnight() {
        let clock = ManualClock("2026-11-30 10:00", zone: "Asia/Kolkata")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        #expect(engine.nextTimeDrivenChange() == clock.instant("2026-12-01 00:00"))
    }

    @Test func theEndOfTheDisplayWindowComesFirstWhenItIsSooner() {
        let clock = ManualClock("2026-11-30 10:00")
        var engine = TipsEngine(displayFrequency: .hourly, clock: clock)
        engine.logMood(.good)
        _ = engine.displayNextTip(at: nil)
        #expect(engine.nextTimeDrivenChange() == clock.instant("2026-11-30 11:00"))
    }

    @Test func theNextMidnightIsFoundAcrossASpringForwardNight() {
        let clock = ManualClock("2026-03-28 22:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        let midnight = engine.nextTimeDrivenChange()
        #expect(midnight == clock.instant("2026-03-29 00:00"))
        #expect(midnight == clock.now.advanced(bySeconds: 2 * 3_600))
    }

    @Test func whereMidnightDoesNotExistTheDaysFirstInstantIsTheChange() throws {
        // Santiago springs from 00:00 straight to 01:00 on 2026-09-06 (04:00 UTC).
        let clock = ManualClock("2026-09-05 22:00", zone: "America/Santiago")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        let change = try #require(engine.nextTimeDrivenChange())
        #expect(change == Instant(secondsSinceEpoch: 1_788_667_200))
        #expect(clock.timeZone.day(at: change) == clock.timeZone.day(at: clock.now).advanced(by: 1))
        #expect(clock.timeZone.day(at: change.advanced(bySeconds: -1)) == clock.timeZone.day(at: clock.now))
    }

    @Test func theSecondDayOfUseMakesWidgetVotingAvailableAtMidnight() {
        let clock = ManualClock("2026-11-30 21:00", zone: "America/New_York")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        let before = engine.observation()
        let valuesBefore = engine.parameterValues
        let midnight = engine.nextTimeDrivenChange()!
        clock.set("2026-12-01 00:00")
        #expect(clock.now == midnight)
        let changes = engine.observation().changes(since: before)
        #expect(changes.statuses.map(\.id) == [.widgetVoting])
        #expect(changes.statuses.map(\.status) == [.available])
        #expect(engine.parameterValues.changed(since: valuesBefore) == [.daysUsingApp])
    }

    @Test func aBrokenStreakIsObservedAtTheMidnightThatBreaksIt() throws {
        let clock = ManualClock("2026-11-30 12:00")
        var engine = TipsEngine(clock: clock)
        try engine.updateStreak(3)
        clock.set("2026-12-01 23:00")
        let before = engine.observation()
        let valuesBefore = engine.parameterValues
        #expect(engine.nextTimeDrivenChange() == clock.instant("2026-12-02 00:00"))
        clock.set("2026-12-02 00:00")
        let changes = engine.observation().changes(since: before)
        #expect(changes.statuses.map(\.id) == [.moodStreak])
        #expect(changes.statuses.map(\.status) == [.pending])
        #expect(engine.parameterValues.changed(since: valuesBefore) == [.currentStreak])
    }

    @Test func theWindowClosingIsObservedAsANewDisplayTime() {
        let clock = ManualClock("2026-11-30 12:00")
        var engine = TipsEngine(displayFrequency: .hourly, clock: clock)
        _ = engine.displayNextTip(at: nil)
        let before = engine.observation()
        #expect(engine.nextDisplayTime == clock.instant("2026-11-30 13:00"))
        clock.set("2026-11-30 13:00")
        let changes = engine.observation().changes(since: before)
        #expect(engine.nextDisplayTime == nil)
        #expect(changes.statuses.isEmpty)
    }

    @Test func nothingObservableChangesWhenNothingHappens() {
        let clock = ManualClock("2026-11-30 12:00")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        let before = engine.observation()
        let valuesBefore = engine.parameterValues
        let nextDisplayTimeBefore = engine.nextDisplayTime
        clock.advance(hours: 1)
        let changes = engine.observation().changes(since: before)
        #expect(changes.tips.isEmpty && !changes.testingOverrideChanged)
        #expect(engine.parameterValues == valuesBefore && engine.nextDisplayTime == nextDisplayTimeBefore)
    }
}
