import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

@Suite("Properties and signals")
struct PropertyAndSignalTests {
    @Test func getAllReturnsEveryPropertyWithItsType() throws {
        let service = try RunningService(arguments: ["--display-frequency", "weekly"])
        let all = try service.tips.properties()
        #expect(all.moodLogCount == 0)
        #expect(all.hasLoggedMoods == 0)
        #expect(!all.hasSeenSettings)
        #expect(all.daysUsingApp == 0)
        #expect(all.currentStreak == 0)
        #expect(all.displayFrequency == "weekly")
        #expect(all.nextDisplayTime == 0)
        #expect(all.datastore == service.datastore)
        #expect(all.version == 1)
        #expect(all.serviceVersion.first?.isNumber == true)
        #expect(!all.timeZone.isEmpty)
        let raw = try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: Tips1.name)
        #expect(Set(raw.keys) == Set(Tips1.Property.allCases.map(\.rawValue)))
        // The testing switch is a property of the testing interface alone.
        #expect(try service.testing.properties().activeSwitch == "")
        let testing = try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: Tips1Testing.name)
        #expect(Set(testing.keys) == [Tips1Testing.Property.activeSwitch.rawValue])
        let busctl = try service.busctlProperties(Tips1.name, [Tips1.Property.displayFrequency.rawValue])
        #expect(busctl.stdout == "s \"weekly\"\n")
    }

    @Test func everyParameterChangeIsAnnouncedWithPropertiesChanged() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "good")
        #expect(service.waitForSignals { _ in service.changedProperties.count >= 4 })
        #expect(service.announced(.moodLogCount).last == .uint32(1))
        #expect(service.announced(.hasLoggedMoods).last == .uint32(1))
        #expect(service.announced(.daysUsingApp).last == .uint32(1))
        #expect(service.announced(.currentStreak).last == .uint32(1))
        #expect(service.announced(.hasSeenSettings).isEmpty)

        service.clearSignals()
        try service.tips.settingsViewed()
        #expect(service.waitForSignals { _ in !service.changedProperties.isEmpty })
        #expect(service.announcedPropertyNames == [Tips1.Property.hasSeenSettings.rawValue])
        #expect(service.announced(.hasSeenSettings) == [.boolean(true)])
        // Decoded through the contract, as a client of the properties would.
        let decoded = try Tips1.PropertyChanges(decoding: Dictionary(uniqueKeysWithValues: service.changedProperties))
        #expect(decoded.hasSeenSettings == true && decoded.moodLogCount == nil)

        service.clearSignals()
        try service.tips.updateStreak(days: 5)
        try service.tips.updateDaysUsingApp(days: 9)
        #expect(service.waitForSignals { _ in service.changedProperties.count >= 2 })
        #expect(service.announced(.currentStreak).last == .uint32(5))
        #expect(service.announced(.daysUsingApp).last == .uint32(9))
    }

    @Test func theTestingSwitchIsAnnouncedOnItsOwnInterface() throws {
        let service = try RunningService()
        service.clearSignals()
        try service.testing.hideAllTips()
        #expect(
            service.waitForSignals { _ in
                service.changedProperties.contains { $0.0 == Tips1Testing.Property.activeSwitch.rawValue }
            })
        let announcement = try #require(
            service.signals.first { message in
                (try? message.arguments.first) == .string(Tips1Testing.name.rawValue)
            })
        let changed = try #require(try announcement.arguments[1].vardictValue)
        #expect(changed[Tips1Testing.Property.activeSwitch.rawValue] == .string("hide-all"))
    }

    /// `GetTips`, and `PresentTip` and `PresentNextTip` with `record` false, look without changing anything; a
    /// presentation with nothing to show records nothing (the service skips announcing such a write altogether).
    @Test func aRequestThatChangesNothingAnnouncesNothing() throws {
        let service = try RunningService()
        try service.tips.settingsViewed()
        try service.tips.invalidateTip(id: "CustomizeLayoutTip", reason: "tip-closed")
        #expect(service.waitForSignals { _ in !service.changedProperties.isEmpty })
        #expect(service.waitForSignals { _ in !service.announcedStatuses(of: "CustomizeLayoutTip").isEmpty })
        service.clearSignals()
        #expect(try !service.tips.presentNextTip(location: "CustomizeContentView").shown)
        #expect(try !service.tips.presentNextTip(location: "CustomizeContentView").shown)
        try service.tips.settingsViewed()
        try service.tips.getTips(ids: ["TimeViewTip"])
        try service.tips.getTips(ids: [], options: .init(languages: ["de"], location: "DayView"))
        #expect(try service.tips.presentTip(id: "TimeViewTip", options: .init(record: false)).shown)
        #expect(try service.tips.presentNextTip(location: "", options: .init(record: false)).shown)
        #expect(!service.waitForSignals(timeout: .milliseconds(300)) { !$0.isEmpty }, "\(service.signals)")
    }

    @Test func theDisplayWindowIsAnnouncedAsNextDisplayTime() throws {
        let service = try RunningService()
        let before = Int64(Date().timeIntervalSince1970 * 1_000_000)
        try service.tips.presentNextTip(location: "")
        #expect(service.waitForSignals { _ in !service.announced(.nextDisplayTime).isEmpty })
        let next = try #require(service.announced(.nextDisplayTime).first?.int64Value)
        #expect(next >= before + 86_400_000_000 && next <= before + 86_400_000_000 + 10_000_000)
        #expect(try service.tips.nextDisplayTime() == next)
    }

    /// Was `TipStatusChanged`: `TipChanged` alone announces a status, with the invalidation reason and the tip's
    /// location, once.
    @Test func tipChangedFollowsEveryChangeOfStatusWithTheTipsLocation() throws {
        let service = try RunningService()
        for _ in 0..<2 { try service.tips.logMood(mood: "good") }
        #expect(service.tipChanges.isEmpty)
        try service.tips.logMood(mood: "good")
        #expect(service.waitForSignals { _ in !service.tipChanges.isEmpty })
        let available = try #require(service.tipChanges.first)
        #expect(available.id == "SiriShortcutTip" && available.location == "SettingsContentView")
        #expect(available.changes.status == "available" && available.changes.invalidationReason == "")
        #expect(service.announcedStatuses(of: "SiriShortcutTip") == ["available"])

        service.clearSignals()
        try service.tips.invalidateTip(id: "SiriShortcutTip", reason: "tipClosed")
        #expect(service.waitForSignals { _ in !service.tipChanges.isEmpty })
        let invalidated = try #require(service.tipChanges.first)
        #expect(invalidated.location == "SettingsContentView")
        #expect(invalidated.changes.status == "invalidated" && invalidated.changes.invalidationReason == "tip-closed")

        service.clearSignals()
        try service.tips.resetAllTips()
        #expect(service.waitForSignals { _ in !service.tipChanges.isEmpty })
        #expect(service.announcedStatuses(of: "SiriShortcutTip") == ["pending"])
        // No second signal for the same change: TipStatusChanged is gone.
        #expect(!service.waitForSignals(timeout: .milliseconds(300)) { $0.contains { !Self.isAnnouncement($0) } })
    }

    // The location lets an app tell whether a change concerns a view on screen without keeping id → location.
    @Test func everyTipChangedCarriesTheLocationGetTipsGivesForTheTip() throws {
        let service = try RunningService()
        let locations = Dictionary(
            uniqueKeysWithValues: try service.tips.getTips(ids: []).map { ($0.id, $0.location) })
        service.clearSignals()
        try service.testing.showAllTips()
        #expect(service.waitForSignals { _ in Set(service.tipChanges.map(\.id)) == Set(locations.keys) })
        for change in service.tipChanges {
            #expect(change.location == locations[change.id], "\(change.id)")
            #expect(change.changes.override == "shown", "\(change.id)")
        }
        #expect(Set(locations.values) == ["CustomizeContentView", "InsightsView", "SettingsContentView", "DayView"])
    }

    @Test func otherClientsSeeTheSignalsThroughGdbusMonitor() throws {
        let service = try RunningService()
        let monitor = try ChildProcess(
            "gdbus", ["monitor", "--address", service.bus.address, "--dest", RunningService.name.rawValue])
        defer { monitor.terminate() }
        #expect(monitor.readLine(timeout: .seconds(5))?.contains("Monitoring signals") == true)
        // gdbus asks for the owner after adding its match rule, so once it names the owner the rule is in place.
        #expect(monitor.readLine(timeout: .seconds(5))?.contains("is owned by") == true)
        try service.tips.settingsViewed()
        let tipChanged = "\(Tips1.name.rawValue).\(Tips1.Signal.tipChanged.rawValue)"
        var seen: [String] = []
        while let line = monitor.readLine(timeout: .seconds(5)) {
            seen.append(line)
            if seen.contains(where: { $0.contains(tipChanged) })
                && seen.contains(where: { $0.contains(Tips1.Property.hasSeenSettings.rawValue) })
            {
                break
            }
        }
        let status = Tips1.TipChanges.Key.status.rawValue
        #expect(
            seen.contains {
                $0.contains("\(tipChanged) ('HealthKitSyncTip', 'SettingsContentView', {")
                    && $0.contains("'\(status)': <'available'>")
            }, "\(seen)")
        #expect(seen.contains { $0.contains("'\(Tips1.Property.hasSeenSettings.rawValue)': <true>") }, "\(seen)")
        #expect(!seen.contains { $0.contains("TipStatusChanged") }, "\(seen)")
    }

    /// Whether a message is one of the service's announcements: `TipChanged` or `PropertiesChanged`.
    static func isAnnouncement(_ message: DBusMessage) -> Bool {
        Tips1.SignalMessage(message) != nil || message.member?.rawValue == "PropertiesChanged"
    }
}
