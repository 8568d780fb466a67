import BusTestSupport
import DBus
import Testing

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
        Case(tip: "AIInsightsTip", threshold: 7) { try $0.call("LogMood", [.string("good")]) },
        Case(tip: "SiriShortcutTip", threshold: 3) { try $0.call("LogMood", [.string("bad")]) },
        Case(tip: "HealthKitSyncTip", threshold: 1) { try $0.call("SettingsViewed") },
        Case(tip: "WidgetVotingTip", threshold: 2) { service in
            let days = try service.property("DaysUsingApp").uint32Value ?? 0
            try service.call("UpdateDaysUsingApp", [.uint32(days + 1)])
        },
        Case(tip: "MoodStreakTip", threshold: 3) { service in
            let streak = try service.property("CurrentStreak").uint32Value ?? 0
            try service.call("UpdateStreak", [.uint32(streak + 1)])
        },
    ]

    @Test(arguments: cases)
    func aTipBecomesAvailableExactlyAtItsThresholdAndNotBefore(_ rule: Case) throws {
        let service = try RunningService()
        for _ in 1..<rule.threshold {
            try rule.step(service)
            #expect(try service.status(rule.tip) == "pending")
            #expect(
                try service.call("EligibleTips", [.string("")]).first?.stringArrayValue?.contains(rule.tip) == false)
        }
        #expect(!service.statusChanges.contains { $0.id == rule.tip })
        try rule.step(service)
        #expect(try service.status(rule.tip) == "available")
        #expect(service.waitForSignals { _ in service.statusChanges.contains { $0.id == rule.tip } })
        #expect(service.statusChanges.filter { $0.id == rule.tip } == [StatusChange(id: rule.tip, status: "available")])
        try rule.step(service)
        #expect(try service.status(rule.tip) == "available")
    }

    @Test func theTwoTipsWithoutRulesAreAvailableFromTheStart() throws {
        let service = try RunningService()
        let statuses = try service.call("ListTips").first?.arrayValue?.compactMap { tip -> String? in
            guard let tip = tip.vardictValue, let id = tip["id"]?.stringValue, let status = tip["status"]?.stringValue
            else { return nil }
            return "\(id)=\(status)"
        }
        #expect(
            statuses == [
                "CustomizeLayoutTip=available", "AIInsightsTip=pending", "SiriShortcutTip=pending",
                "HealthKitSyncTip=pending", "WidgetVotingTip=pending", "TimeViewTip=available", "MoodStreakTip=pending",
            ])
    }
}
