import Foundation
import Testing
import TipsCore

@Suite("The display frequency")
struct DisplayFrequencyTests {
    @Test(arguments: [
        ("immediate", DisplayFrequency.immediate), ("hourly", .hourly), ("daily", .daily), ("Weekly", .weekly),
        ("MONTHLY", .monthly), ("90", .seconds(90)), ("0", .seconds(0)),
    ])
    func frequenciesParseByNameOrSeconds(_ text: String, _ expected: DisplayFrequency) throws {
        #expect(try DisplayFrequency(parsing: text) == expected)
    }

    @Test(arguments: ["often", "-1", "1.5", "", " daily"])
    func otherTextIsNotAFrequency(_ text: String) {
        #expect(throws: TipsError.invalidDisplayFrequency(text)) { try DisplayFrequency(parsing: text) }
    }

    @Test func namedFrequenciesLastTheirTimeInSeconds() {
        #expect(DisplayFrequency.named.map(\.seconds) == [0, 3_600, 86_400, 604_800, 2_592_000])
    }

    @Test(arguments: DisplayFrequency.named + [.seconds(90)])
    func aNewTipWaitsExactlyOneFrequencyAfterTheLastFirstAppearance(_ frequency: DisplayFrequency) {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(displayFrequency: frequency, clock: clock)
        let result1 = engine.displayNextTip(at: .customizeContentView)
        #expect(result1 == .customizeLayout)
        if frequency.seconds > 0 {
            #expect(engine.nextDisplayTime == clock.now.advanced(bySeconds: Int64(frequency.seconds)))
            clock.advance(seconds: Double(frequency.seconds) - 0.001)
            let result2 = engine.displayNextTip(at: .dayView)
            #expect(result2 == nil)
            let result3 = engine.displayNextTip(at: .customizeContentView)
            #expect(result3 == .customizeLayout)
            clock.advance(seconds: 0.001)
        }
        #expect(engine.nextDisplayTime == nil)
        let result4 = engine.displayNextTip(at: .dayView)
        #expect(result4 == .timeView)
    }

    @Test func theDefaultFrequencyIsDaily() {
        #expect(TipsEngine(clock: ManualClock("2026-11-30 09:00")).displayFrequency == .daily)
    }

    @Test func aTipAlreadyShownIsShownAgainWhileTheWindowHoldsNewOnesBack() {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        let result5 = engine.displayNextTip(at: nil)
        #expect(result5 == .customizeLayout)
        clock.advance(hours: 5)
        let result6 = engine.displayNextTip(at: nil)
        #expect(result6 == .customizeLayout)
        let result7 = engine.displayNextTip(at: .dayView)
        #expect(result7 == nil)
        #expect(engine.state[tip: .customizeLayout].displayCount == 2)
        #expect(engine.state[tip: .timeView].displayCount == 0)
    }

    @Test func showingATipAgainDoesNotReopenTheWindow() {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        let opened = clock.now
        let result8 = engine.displayNextTip(at: nil)
        #expect(result8 == .customizeLayout)
        clock.advance(hours: 23)
        let result9 = engine.displayNextTip(at: nil)
        #expect(result9 == .customizeLayout)
        #expect(engine.state.displayWindowOpened == opened)
        clock.advance(hours: 1)
        let result10 = engine.displayNextTip(at: .dayView)
        #expect(result10 == .timeView)
    }

    @Test func aDailyWindowThatCrossesMidnightLastsTwentyFourHoursNotUntilTheNewDay() {
        let clock = ManualClock("2026-11-30 20:00")
        var engine = TipsEngine(clock: clock)
        let result11 = engine.displayNextTip(at: .customizeContentView)
        #expect(result11 == .customizeLayout)
        clock.set("2026-12-01 00:30")
        let result12 = engine.displayNextTip(at: .dayView)
        #expect(result12 == nil)
        clock.set("2026-12-01 19:59:59")
        let result13 = engine.displayNextTip(at: .dayView)
        #expect(result13 == nil)
        clock.set("2026-12-01 20:00")
        let result14 = engine.displayNextTip(at: .dayView)
        #expect(result14 == .timeView)
    }

    @Test func aDailyWindowKeepsItsLengthWhenClocksSpringForward() {
        // Berlin moves from 02:00 CET to 03:00 CEST on 2026-03-29: that calendar day has 23 hours.
        let clock = ManualClock("2026-03-28 12:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        let result15 = engine.displayNextTip(at: .customizeContentView)
        #expect(result15 == .customizeLayout)
        clock.set("2026-03-29 12:30")
        let result16 = engine.displayNextTip(at: .dayView)
        #expect(result16 == nil)
        #expect(engine.nextDisplayTime == clock.instant("2026-03-29 13:00"))
        clock.set("2026-03-29 13:00")
        let result17 = engine.displayNextTip(at: .dayView)
        #expect(result17 == .timeView)
    }

    @Test func aDailyWindowKeepsItsLengthWhenClocksFallBack() {
        // Berlin moves from 03:00 CEST back to 02:00 CET on 2026-10-25: that calendar day has 25 hours.
        let clock = ManualClock("2026-10-24 12:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        let result18 = engine.displayNextTip(at: .customizeContentView)
        #expect(result18 == .customizeLayout)
        clock.set("2026-10-25 10:59")
        let result19 = engine.displayNextTip(at: .dayView)
        #expect(result19 == nil)
        clock.set("2026-10-25 11:00")
        let result20 = engine.displayNextTip(at: .dayView)
        #expect(result20 == .timeView)
    }

    @Test func aTipThatIgnoresTheFrequencyNeitherWaitsForNorOpensTheWindow() {
        let urgent = Tip(
            id: "UrgentTip", title: "Urgent", message: "Now.", symbol: "bolt", iconNames: ["dialog-warning"],
            location: .dayView, options: TipOptions(ignoresDisplayFrequency: true))
        let regular = Tip(
            id: "RegularTip", title: "Regular", message: "Later.", symbol: "star", iconNames: ["starred"],
            location: .insightsView)
        let other = Tip(
            id: "OtherTip", title: "Other", message: "Later still.", symbol: "star", iconNames: ["starred"],
            location: .settingsContentView)
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(catalog: [regular, urgent, other], clock: clock)
        let result21 = engine.displayNextTip(at: .insightsView)
        #expect(result21 == "RegularTip")
        let result22 = engine.displayNextTip(at: .dayView)
        #expect(result22 == "UrgentTip")
        #expect(engine.state.displayWindowOpened == clock.now)
        let result23 = engine.displayNextTip(at: .settingsContentView)
        #expect(result23 == nil)
    }

    @Test func theFirstEligibleTipInCatalogOrderAppearsFirst() {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(displayFrequency: .immediate, clock: clock)
        for _ in 0..<7 { engine.logMood(.good) }
        let result24 = engine.displayNextTip(at: nil)
        #expect(result24 == .customizeLayout)
        try? engine.invalidate(.customizeLayout, reason: .actionPerformed)
        let result25 = engine.displayNextTip(at: nil)
        #expect(result25 == .aiInsights)
        try? engine.invalidate(.aiInsights, reason: .actionPerformed)
        let result26 = engine.displayNextTip(at: nil)
        #expect(result26 == .siriShortcut)
    }
}

@Suite("The display window and the clock")
struct DisplayWindowClockTests {
    // A display frequency of 10000000000000 s once passed the parser and trapped on the first display.
    @Test func aFrequencyLongerThanACenturyIsRefusedAndTheLongestAllowedCannotOverflow() throws {
        #expect(throws: TipsError.invalidDisplayFrequency("10000000000000")) {
            try DisplayFrequency(parsing: "10000000000000")
        }
        let longest = try DisplayFrequency(parsing: String(DisplayFrequency.maximumSeconds))
        var engine = TipsEngine(displayFrequency: longest, clock: ManualClock("2026-11-30 09:00"))
        let result27 = engine.displayNextTip(at: nil)
        #expect(result27 == .customizeLayout)
        #expect(engine.nextDisplayTime != nil)
    }

    // A tip displayed on 2027-03-10 and the clock then set back a year once held new tips back for a year and a day.
    @Test func aClockSetBackHoldsTheWindowNoLongerThanItsLength() {
        let clock = ManualClock("2027-03-10 12:00")
        var engine = TipsEngine(clock: clock)
        let result28 = engine.displayNextTip(at: nil)
        #expect(result28 == .customizeLayout)
        clock.set("2026-03-10 12:00")
        let result29 = engine.followClock()
        #expect(result29)
        #expect(engine.nextDisplayTime == clock.instant("2026-03-11 12:00"))
        let result30 = engine.followClock()
        #expect(!result30, "once brought back, the window stays where it is")
        clock.advance(hours: 24)
        #expect(engine.nextDisplayTime == nil)
    }
}
