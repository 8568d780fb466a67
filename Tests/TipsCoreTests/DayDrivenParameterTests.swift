import Foundation
import Testing
import TipsCore

@Suite("Streak and days of use across calendar days")
struct DayDrivenParameterTests {
    @Test func moodsOnTwoLocalDaysMakeAStreakOfTwoEvenWithinOneUTCDay() {
        // 23:50 and 00:10 in Kolkata (UTC+05:30) are 18:20 and 18:40 on the same UTC day.
        let clock = ManualClock("2026-11-30 23:50", zone: "Asia/Kolkata")
        var engine = TipsEngine(clock: clock)
        let entry = engine.logMood(.good)
        #expect(entry.utcOffset == 19_800)
        clock.set("2026-12-01 00:10")
        engine.logMood(.great)
        #expect(engine.parameterValues.currentStreak == 2)
        #expect(engine.parameterValues.daysUsingApp == 2)
    }

    @Test func twoMoodsOnOneLocalDayCountOnceEvenAcrossAUTCDay() {
        // 20:00 and 23:00 in Los Angeles (UTC-08:00) fall on two UTC days.
        let clock = ManualClock("2026-11-30 20:00", zone: "America/Los_Angeles")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.bad)
        clock.set("2026-11-30 23:00")
        engine.logMood(.good)
        #expect(engine.parameterValues.currentStreak == 1)
        #expect(engine.parameterValues.daysUsingApp == 1)
        #expect(engine.parameterValues.moodLogCount == 2)
    }

    @Test func aStreakSurvivesTheNextDayAndBreaksAtTheMidnightAfterIt() {
        let clock = ManualClock("2026-11-28 08:00", zone: "America/Los_Angeles")
        var engine = TipsEngine(clock: clock)
        for day in ["2026-11-28 08:00", "2026-11-29 21:00", "2026-11-30 12:00"] {
            clock.set(day)
            engine.logMood(.good)
        }
        #expect(engine.parameterValues.currentStreak == 3)
        #expect(engine.status(.moodStreak) == .available)
        clock.set("2026-12-01 23:59:59")
        #expect(engine.parameterValues.currentStreak == 3)
        clock.set("2026-12-02 00:00")
        #expect(engine.parameterValues.currentStreak == 0)
        #expect(engine.status(.moodStreak) == .pending)
        engine.logMood(.average)
        #expect(engine.parameterValues.currentStreak == 1)
    }

    @Test func daysOfUseCountLocalCalendarDaysIncludingTheFirst() {
        let clock = ManualClock("2026-11-30 23:59", zone: "Asia/Kolkata")
        var engine = TipsEngine(clock: clock)
        #expect(engine.parameterValues.daysUsingApp == 0)
        engine.logMood(.good)
        #expect(engine.parameterValues.daysUsingApp == 1)
        clock.set("2026-12-01 00:00")
        #expect(engine.parameterValues.daysUsingApp == 2)
        clock.set("2026-12-09 18:00")
        #expect(engine.parameterValues.daysUsingApp == 10)
    }

    @Test func viewingSettingsIsAlsoADayOfUse() {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 10:00"))
        engine.settingsViewed()
        #expect(engine.parameterValues.daysUsingApp == 1)
        #expect(engine.parameterValues.hasSeenSettings)
    }

    @Test func anExplicitDaysOfUseKeepsGrowingByItself() throws {
        let clock = ManualClock("2026-11-30 10:00", zone: "Australia/Adelaide")
        var engine = TipsEngine(clock: clock)
        try engine.updateDaysUsingApp(5)
        #expect(engine.parameterValues.daysUsingApp == 5)
        engine.logMood(.good)
        #expect(engine.parameterValues.daysUsingApp == 5)
        clock.set("2026-12-01 00:00")
        #expect(engine.parameterValues.daysUsingApp == 6)
    }

    @Test func zeroDaysOfUseForgetsFirstUseUntilTheNextActivity() throws {
        let clock = ManualClock("2026-11-30 10:00")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        clock.advance(hours: 48)
        #expect(engine.parameterValues.daysUsingApp == 3)
        try engine.updateDaysUsingApp(0)
        #expect(engine.parameterValues.daysUsingApp == 0)
        engine.logMood(.good)
        #expect(engine.parameterValues.daysUsingApp == 1)
    }

    @Test func anExplicitStreakIsExtendedByTomorrowsMoodButNotByTodays() throws {
        let clock = ManualClock("2026-11-30 10:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        try engine.updateStreak(5)
        engine.logMood(.good)
        #expect(engine.parameterValues.currentStreak == 5)
        clock.set("2026-12-01 07:00")
        engine.logMood(.good)
        #expect(engine.parameterValues.currentStreak == 6)
    }

    @Test func anExplicitStreakBreaksLikeALoggedOne() throws {
        let clock = ManualClock("2026-11-30 10:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        try engine.updateStreak(4)
        clock.set("2026-12-01 23:00")
        #expect(engine.parameterValues.currentStreak == 4)
        clock.set("2026-12-02 00:00")
        #expect(engine.parameterValues.currentStreak == 0)
    }

    @Test func aZeroStreakEndsTheRunAndTheNextMoodStartsANewOne() throws {
        let clock = ManualClock("2026-11-30 10:00")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        try engine.updateStreak(0)
        #expect(engine.parameterValues.currentStreak == 0)
        engine.logMood(.good)
        #expect(engine.parameterValues.currentStreak == 1)
    }

    @Test func aMoodFromAClockThatWentBackDoesNotShortenTheStreak() {
        let clock = ManualClock("2026-11-30 10:00")
        var engine = TipsEngine(clock: clock)
        engine.logMood(.good)
        clock.set("2026-12-01 10:00")
        engine.logMood(.good)
        clock.set("2026-11-29 10:00")
        engine.logMood(.good)
        clock.set("2026-12-01 11:00")
        #expect(engine.parameterValues.currentStreak == 2)
    }

    @Test func theJournalEntryCarriesTheInstantAndTheWallClocksOffset() {
        let clock = ManualClock("2026-07-01 12:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        let entry = engine.logMood(.great)
        #expect(entry.mood == .great)
        #expect(entry.loggedAt == clock.now)
        #expect(entry.utcOffset == 7_200)
        #expect(entry.day == clock.timeZone.day(at: clock.now))
    }
}
