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
        #expect(engine.displayNextTip(at: .customizeContentView) == .customizeLayout)
        if frequency.seconds > 0 {
            #expect(engine.nextDisplayTime == clock.now.advanced(bySeconds: Int64(frequency.seconds)))
            clock.advance(seconds: Double(frequency.seconds) - 0.001)
            #expect(engine.displayNextTip(at: .dayView) == nil)
            #expect(engine.displayNextTip(at: .customizeContentView) == .customizeLayout)
            clock.advance(seconds: 0.001)
        }
        #expect(engine.nextDisplayTime == nil)
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
    }

    @Test func theDefaultFrequencyIsDaily() {
        #expect(TipsEngine(clock: ManualClock("2026-11-30 09:00")).displayFrequency == .daily)
    }

    @Test func aTipAlreadyShownIsShownAgainWhileTheWindowHoldsNewOnesBack() {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        #expect(engine.displayNextTip(at: nil) == .customizeLayout)
        clock.advance(hours: 5)
        #expect(engine.displayNextTip(at: nil) == .customizeLayout)
        #expect(engine.displayNextTip(at: .dayView) == nil)
        #expect(engine.state[tip: .customizeLayout].displayCount == 2)
        #expect(engine.state[tip: .timeView].displayCount == 0)
    }

    @Test func showingATipAgainDoesNotReopenTheWindow() {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        let opened = clock.now
        #expect(engine.displayNextTip(at: nil) == .customizeLayout)
        clock.advance(hours: 23)
        #expect(engine.displayNextTip(at: nil) == .customizeLayout)
        #expect(engine.state.displayWindowOpened == opened)
        clock.advance(hours: 1)
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
    }

    @Test func aDailyWindowThatCrossesMidnightLastsTwentyFourHoursNotUntilTheNewDay() {
        let clock = ManualClock("2026-11-30 20:00")
        var engine = TipsEngine(clock: clock)
        #expect(engine.displayNextTip(at: .customizeContentView) == .customizeLayout)
        clock.set("2026-12-01 00:30")
        #expect(engine.displayNextTip(at: .dayView) == nil)
        clock.set("2026-12-01 19:59:59")
        #expect(engine.displayNextTip(at: .dayView) == nil)
        clock.set("2026-12-01 20:00")
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
    }

    @Test func aDailyWindowKeepsItsLengthWhenClocksSpringForward() {
        // Berlin moves from 02:00 CET to 03:00 CEST on 2026-03-29: that calendar day has 23 hours.
        let clock = ManualClock("2026-03-28 12:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        #expect(engine.displayNextTip(at: .customizeContentView) == .customizeLayout)
        clock.set("2026-03-29 12:30")
        #expect(engine.displayNextTip(at: .dayView) == nil)
        #expect(engine.nextDisplayTime == clock.instant("2026-03-29 13:00"))
        clock.set("2026-03-29 13:00")
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
    }

    @Test func aDailyWindowKeepsItsLengthWhenClocksFallBack() {
        // Berlin moves from 03:00 CEST back to 02:00 CET on 2026-10-25: that calendar day has 25 hours.
        let clock = ManualClock("2026-10-24 12:00", zone: "Europe/Berlin")
        var engine = TipsEngine(clock: clock)
        #expect(engine.displayNextTip(at: .customizeContentView) == .customizeLayout)
        clock.set("2026-10-25 10:59")
        #expect(engine.displayNextTip(at: .dayView) == nil)
        clock.set("2026-10-25 11:00")
        #expect(engine.displayNextTip(at: .dayView) == .timeView)
    }

    @Test func aTipThatIgnoresTheFrequencyNeitherWaitsForNorOpensTheWindow() {
        let urgent = Tip(
            id: "UrgentTip", title: "Urgent", message: "Now.", symbol: "bolt", icon: "dialog-warning",
            location: .dayView, options: TipOptions(ignoresDisplayFrequency: true))
        let regular = Tip(
            id: "RegularTip", title: "Regular", message: "Later.", symbol: "star", icon: "starred",
            location: .insightsView)
        let other = Tip(
            id: "OtherTip", title: "Other", message: "Later still.", symbol: "star", icon: "starred",
            location: .settingsContentView)
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(catalog: [regular, urgent, other], clock: clock)
        #expect(engine.displayNextTip(at: .insightsView) == "RegularTip")
        #expect(engine.displayNextTip(at: .dayView) == "UrgentTip")
        #expect(engine.state.displayWindowOpened == clock.now)
        #expect(engine.displayNextTip(at: .settingsContentView) == nil)
    }

    @Test func theFirstEligibleTipInCatalogOrderAppearsFirst() {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(displayFrequency: .immediate, clock: clock)
        for _ in 0..<7 { engine.logMood(.good) }
        #expect(engine.displayNextTip(at: nil) == .customizeLayout)
        try? engine.invalidate(.customizeLayout, reason: .actionPerformed)
        #expect(engine.displayNextTip(at: nil) == .aiInsights)
        try? engine.invalidate(.aiInsights, reason: .actionPerformed)
        #expect(engine.displayNextTip(at: nil) == .siriShortcut)
    }
}
