import Testing
import TipsCore

@Suite("Rules and thresholds")
struct RuleThresholdTests {
    /// A way to bring one parameter to a value through the engine's own requests.
    enum Driver: String, Sendable, CaseIterable {
        case logMoods, viewSettings, passDaysOfUse, updateDaysUsingApp, logOnConsecutiveDays, updateStreak

        /// Brings the parameter to `value` on a fresh engine.
        func drive(_ engine: inout TipsEngine, _ clock: ManualClock, to value: Int) throws {
            switch self {
            case .logMoods:
                for _ in 0..<value { engine.logMood(.good) }
            case .viewSettings:
                if value > 0 { engine.settingsViewed() }
            case .passDaysOfUse:
                engine.logMood(.average)
                clock.advance(hours: 24 * Double(value - 1))
            case .updateDaysUsingApp:
                try engine.updateDaysUsingApp(value)
            case .logOnConsecutiveDays:
                for day in 0..<value {
                    if day > 0 { clock.advance(hours: 24) }
                    engine.logMood(.great)
                }
            case .updateStreak:
                try engine.updateStreak(value)
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let tip: TipID
        let parameter: TipParameter
        let driver: Driver
        let threshold: Int
        var testDescription: String { "\(tip) by \(driver)" }
    }

    static let cases: [Case] = [
        Case(tip: .aiInsights, parameter: .hasLoggedMoods, driver: .logMoods, threshold: 7),
        Case(tip: .siriShortcut, parameter: .moodLogCount, driver: .logMoods, threshold: 3),
        Case(tip: .healthKitSync, parameter: .hasSeenSettings, driver: .viewSettings, threshold: 1),
        Case(tip: .widgetVoting, parameter: .daysUsingApp, driver: .passDaysOfUse, threshold: 2),
        Case(tip: .widgetVoting, parameter: .daysUsingApp, driver: .updateDaysUsingApp, threshold: 2),
        Case(tip: .moodStreak, parameter: .currentStreak, driver: .logOnConsecutiveDays, threshold: 3),
        Case(tip: .moodStreak, parameter: .currentStreak, driver: .updateStreak, threshold: 3),
    ]

    private func engine(after driver: Driver, reaching value: Int) throws -> TipsEngine {
        let clock = ManualClock("2026-11-30 09:00", zone: "America/New_York")
        var engine = TipsEngine(clock: clock)
        try driver.drive(&engine, clock, to: value)
        return engine
    }

    @Test(arguments: cases)
    func aTipIsPendingJustBelowItsThreshold(_ rule: Case) throws {
        let engine = try engine(after: rule.driver, reaching: rule.threshold - 1)
        #expect(engine.status(rule.tip) == .pending)
        #expect(!engine.eligibleTips(at: nil).contains(rule.tip))
    }

    @Test(arguments: cases)
    func aTipBecomesAvailableExactlyAtItsThreshold(_ rule: Case) throws {
        let engine = try engine(after: rule.driver, reaching: rule.threshold)
        #expect(engine.status(rule.tip) == .available)
        #expect(engine.eligibleTips(at: nil).contains(rule.tip))
        if rule.parameter != .hasSeenSettings {
            #expect(engine.parameterValues[rule.parameter] == .integer(rule.threshold))
        }
    }

    @Test(arguments: cases.filter { $0.parameter != .hasSeenSettings })
    func aTipStaysAvailableAboveItsThreshold(_ rule: Case) throws {
        let engine = try engine(after: rule.driver, reaching: rule.threshold + 2)
        #expect(engine.status(rule.tip) == .available)
        #expect(engine.parameterValues[rule.parameter] == .integer(rule.threshold + 2))
    }

    @Test func onlyTheTwoTipsWithoutRulesAreEligibleOnAFreshInstall() {
        let engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(engine.eligibleTips(at: nil) == [.customizeLayout, .timeView])
        #expect(engine.parameterValues == ParameterValues())
    }

    @Test func eligibleTipsAreFilteredByLocationInCatalogOrder() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = TipsEngine(clock: clock)
        for _ in 0..<3 { engine.logMood(.bad) }
        engine.settingsViewed()
        #expect(engine.eligibleTips(at: .settingsContentView) == [.siriShortcut, .healthKitSync])
        #expect(engine.eligibleTips(at: .dayView) == [.timeView])
        #expect(engine.eligibleTips(at: .insightsView) == [])
        #expect(engine.eligibleTips(at: .customizeContentView) == [.customizeLayout])
    }

    @Test func loggingAMoodRaisesBothCounts() {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        engine.logMood(.great)
        engine.logMood(.horrible)
        #expect(engine.parameterValues.moodLogCount == 2)
        #expect(engine.parameterValues.hasLoggedMoods == 2)
        #expect(engine.state.parameters.moodLogCount == 2)
    }

    @Test func negativeOrCenturyLongDayCountsAreRefused() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(throws: TipsError.dayCountOutOfRange(.daysUsingApp, -1)) { try engine.updateDaysUsingApp(-1) }
        #expect(throws: TipsError.dayCountOutOfRange(.currentStreak, -3)) { try engine.updateStreak(-3) }
        #expect(throws: TipsError.dayCountOutOfRange(.currentStreak, 36_526)) { try engine.updateStreak(36_526) }
        try engine.updateDaysUsingApp(36_525)
        #expect(engine.parameterValues.daysUsingApp == 36_525)
        let before = engine.state
        #expect(throws: TipsError.dayCountOutOfRange(.daysUsingApp, 36_526)) { try engine.updateDaysUsingApp(36_526) }
        #expect(engine.state == before)
    }
}
