import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Properties and signals")
struct PropertyAndSignalTests {
    @Test func getAllReturnsEveryPropertyWithItsType() throws {
        let service = try RunningService(arguments: ["--display-frequency", "weekly"])
        let all = try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface)
        #expect(all["MoodLogCount"] == .uint32(0))
        #expect(all["HasLoggedMoods"] == .uint32(0))
        #expect(all["HasSeenSettings"] == .boolean(false))
        #expect(all["DaysUsingApp"] == .uint32(0))
        #expect(all["CurrentStreak"] == .uint32(0))
        #expect(all["DisplayFrequency"] == .string("weekly"))
        #expect(all["NextDisplayTime"] == .int64(0))
        #expect(all["TestingOverride"] == .string(""))
        #expect(all["Datastore"] == .string(service.datastore))
        #expect(all["Version"]?.stringValue?.first?.isNumber == true)
        #expect(all["TimeZone"]?.stringValue?.isEmpty == false)
        #expect(all.count == 11)
        let busctl = try service.busctl(
            ["get-property", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "DisplayFrequency"])
        #expect(busctl.stdout == "s \"weekly\"\n")
    }

    @Test func everyParameterChangeIsAnnouncedWithPropertiesChanged() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("good")])
        #expect(service.waitForSignals { _ in service.changedProperties.count >= 4 })
        let changed = Dictionary(service.changedProperties, uniquingKeysWith: { _, last in last })
        #expect(changed["MoodLogCount"] == .uint32(1))
        #expect(changed["HasLoggedMoods"] == .uint32(1))
        #expect(changed["DaysUsingApp"] == .uint32(1))
        #expect(changed["CurrentStreak"] == .uint32(1))
        #expect(changed["HasSeenSettings"] == nil)

        service.clearSignals()
        try service.call("SettingsViewed")
        #expect(service.waitForSignals { _ in !service.changedProperties.isEmpty })
        #expect(service.changedProperties.map(\.0) == ["HasSeenSettings"])
        #expect(service.changedProperties.first?.1 == .boolean(true))

        service.clearSignals()
        try service.call("UpdateStreak", [.uint32(5)])
        try service.call("UpdateDaysUsingApp", [.uint32(9)])
        #expect(service.waitForSignals { _ in service.changedProperties.count >= 2 })
        let updated = Dictionary(service.changedProperties, uniquingKeysWith: { _, last in last })
        #expect(updated["CurrentStreak"] == .uint32(5))
        #expect(updated["DaysUsingApp"] == .uint32(9))
    }

    @Test func aRequestThatChangesNothingAnnouncesNothing() throws {
        let service = try RunningService()
        try service.call("SettingsViewed")
        #expect(service.waitForSignals { _ in !service.changedProperties.isEmpty })
        service.clearSignals()
        try service.call("SettingsViewed")
        try service.call("GetTip", [.string("TimeViewTip")])
        try service.call("ListTips")
        #expect(!service.waitForSignals(timeout: .milliseconds(300)) { !$0.isEmpty })
    }

    @Test func theDisplayWindowIsAnnouncedAsNextDisplayTime() throws {
        let service = try RunningService()
        let before = Int64(Date().timeIntervalSince1970 * 1_000_000)
        try service.call("DisplayNextTip", [.string("")])
        #expect(service.waitForSignals { _ in service.changedProperties.contains { $0.0 == "NextDisplayTime" } })
        let next = try #require(service.changedProperties.first { $0.0 == "NextDisplayTime" }?.1.int64Value)
        #expect(next >= before + 86_400_000_000 && next <= before + 86_400_000_000 + 10_000_000)
        #expect(try service.property("NextDisplayTime") == .int64(next))
    }

    @Test func tipStatusChangedFollowsEveryChangeOfStatus() throws {
        let service = try RunningService()
        for _ in 0..<2 { try service.call("LogMood", [.string("good")]) }
        #expect(service.statusChanges.isEmpty)
        try service.call("LogMood", [.string("good")])
        #expect(service.waitForSignals { _ in !service.statusChanges.isEmpty })
        #expect(service.statusChanges == [StatusChange(id: "SiriShortcutTip", status: "available")])

        service.clearSignals()
        try service.call("InvalidateTip", [.string("SiriShortcutTip"), .string("tipClosed")])
        #expect(service.waitForSignals { _ in !service.statusChanges.isEmpty })
        #expect(service.statusChanges == [StatusChange(id: "SiriShortcutTip", status: "invalidated")])

        service.clearSignals()
        try service.call("ResetAllTips")
        #expect(service.waitForSignals { _ in !service.statusChanges.isEmpty })
        #expect(service.statusChanges == [StatusChange(id: "SiriShortcutTip", status: "pending")])
    }

    @Test func otherClientsSeeTheSignalsThroughGdbusMonitor() throws {
        let service = try RunningService()
        let monitor = try ChildProcess(
            "gdbus", ["monitor", "--address", service.bus.address, "--dest", "org.feels.Tips"])
        defer { monitor.terminate() }
        #expect(monitor.readLine(timeout: .seconds(5))?.contains("Monitoring signals") == true)
        // gdbus asks for the owner after adding its match rule, so once it names the owner the rule is in place.
        #expect(monitor.readLine(timeout: .seconds(5))?.contains("The name org.feels.Tips is owned by") == true)
        try service.call("SettingsViewed")
        var seen: [String] = []
        while let line = monitor.readLine(timeout: .seconds(5)) {
            seen.append(line)
            if seen.contains(where: { $0.contains(".TipStatusChanged") })
                && seen.contains(where: { $0.contains(".TipChanged") })
            {
                break
            }
        }
        #expect(
            seen.contains { $0.contains("org.feels.Tips1.TipStatusChanged ('HealthKitSyncTip', 'available')") },
            "\(seen)")
        #expect(
            seen.contains {
                $0.contains("org.feels.Tips1.TipChanged ('HealthKitSyncTip', {")
                    && $0.contains("'status': <'available'>")
            }, "\(seen)")
        #expect(seen.contains { $0.contains("'HasSeenSettings': <true>") }, "\(seen)")
    }
}
