import BusTestSupport
import DBus
import Testing
import TipsInterface

/// Every Feels tip becomes available exactly at its threshold, through the service.
@Suite("The seven tips at their thresholds, on the bus")
struct ThresholdTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let tip: String
        let threshold: Int
        /// Raises the parameter by one step.
        let step: @Sendable (RunningService) throws -> Void
        var testDescription: String { tip }
    }

    static let cases: [Case] = [
        Case(tip: "AIInsightsTip", threshold: 7) { try $0.tips.logMood(mood: "good") },
        Case(tip: "SiriShortcutTip", threshold: 3) { try $0.tips.logMood(mood: "bad") },
        Case(tip: "HealthKitSyncTip", threshold: 1) { try $0.tips.settingsViewed() },
        Case(tip: "WidgetVotingTip", threshold: 2) { service in
            try service.tips.updateDaysUsingApp(days: try service.tips.daysUsingApp() + 1)
        },
        Case(tip: "MoodStreakTip", threshold: 3) { service in
            try service.tips.updateStreak(days: try service.tips.currentStreak() + 1)
        },
    ]

    @Test(arguments: cases)
    func aTipBecomesAvailableExactlyAtItsThresholdAndNotBefore(_ rule: Case) throws {
        let service = try RunningService()
        for _ in 1..<rule.threshold {
            try rule.step(service)
            #expect(try service.status(rule.tip) == "pending")
            #expect(try !service.tips.presentTip(id: rule.tip, options: .init(record: false)).shown)
        }
        #expect(service.announcedStatuses(of: rule.tip).isEmpty)
        try rule.step(service)
        #expect(try service.status(rule.tip) == "available")
        #expect(service.waitForSignals { _ in !service.announcedStatuses(of: rule.tip).isEmpty })
        #expect(service.announcedStatuses(of: rule.tip) == ["available"])
        try rule.step(service)
        #expect(try service.status(rule.tip) == "available")
    }

    @Test func theTwoTipsWithoutRulesAreAvailableFromTheStart() throws {
        let service = try RunningService()
        let statuses = try service.tips.getTips(ids: []).map { "\($0.id)=\($0.status)" }
        #expect(
            statuses == [
                "CustomizeLayoutTip=available", "AIInsightsTip=pending", "SiriShortcutTip=pending",
                "HealthKitSyncTip=pending", "WidgetVotingTip=pending", "TimeViewTip=available", "MoodStreakTip=pending",
            ])
    }
}
