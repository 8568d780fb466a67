import BusTestSupport
import DBus
import Foundation
import Testing

/// At most one new tip per display window, the service's window: across restarts of either process, with two
/// notifiers on the bus, and the next new tip once the window has passed.
@Suite("Once per display window", .serialized)
struct DisplayWindowTests {
    @Test func noSecondNotificationWithinTheWindowAcrossRestartsOfTheNotifierAndTheService() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let first = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(first.waitForLog("Showed 'CustomizeLayoutTip'"), "\(first.log)")
        #expect(first.waitForLog("Waiting: the display window is closed until"), "\(first.log)")
        #expect(first.stop() == .exited(0))

        let second = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(second.waitForLog("Waiting: the display window is closed until"), "\(second.log)")
        try service.restart()
        // The restarted service is followed: the notifier asks it again, and is told to wait again.
        #expect(second.waitForLog("org.feels.Tips appeared on the bus"), "\(second.log)")
        #expect(second.waitForLogCount("Waiting: the display window is closed until", 1), "\(second.log)")
        let third = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(third.waitForLog("Standing by"), "\(third.log)")
        second.stop()
        #expect(third.waitForLog("Active: showing tips"), "\(third.log)")
        #expect(third.waitForLog("Waiting: the display window is closed until"), "\(third.log)")

        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(second.count("Showed") + third.count("Showed") == 0)
    }

    @Test func twoNotifiersStartedTogetherShowOneNotificationAndTheStandbyTakesOver() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifiers = try (0..<2).map { _ in
            try NotifierProcess(address: service.bus.address, configHome: config.url)
        }
        for notifier in notifiers {
            #expect(notifier.waitForLog("Started as"), "\(notifier.log)")
        }
        #expect(eventually { notifiers.allSatisfy { $0.count("Active: showing tips") + $0.count("Standing by") == 1 } })
        let active = try #require(notifiers.first { $0.count("Active: showing tips") == 1 })
        let standby = try #require(notifiers.first { $0.count("Standing by") == 1 })
        #expect(active !== standby)
        #expect(active.waitForLog("Showed 'CustomizeLayoutTip'"), "\(active.log)")
        #expect(active.waitForLog("Waiting: the display window is closed until"), "\(active.log)")

        #expect(active.stop() == .exited(0))
        #expect(standby.waitForLog("Active: showing tips"), "\(standby.log)")
        #expect(standby.waitForLog("Waiting: the display window is closed until"), "\(standby.log)")
        #expect(try server.notifyCalls().count == 1)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
    }

    @Test func afterTheWindowTheNextNewTipAppears() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "3"])
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the display window is closed until"), "\(notifier.log)")
        #expect(notifier.waitForLog("Showed 'TimeViewTip'", timeout: .seconds(30)), "\(notifier.log)")
        let calls = try server.notifyCalls()
        #expect(calls.map(\.summary) == ["Personalize Your Experience", "View Your History"])
        let first = try service.tip("CustomizeLayoutTip").firstDisplayed
        let second = try service.tip("TimeViewTip").firstDisplayed
        #expect(second - first >= 3_000_000, "the second tip came \(second - first) µs after the first")
        // Both available tips have appeared: nothing new is left to show.
        #expect(notifier.waitForLog("Waiting: no new tip is available", timeout: .seconds(30)), "\(notifier.log)")
    }

    @Test func aTipIsNotifiedAgainOnlyAfterResetAllTips() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the display window is closed until"), "\(notifier.log)")

        try service.tips.resetAllTips()
        // A reset forgets the mood too: Feels is used again before the tip comes back.
        #expect(notifier.waitForLog("Withdrew the notification of 'CustomizeLayoutTip': the tips were reset"))
        try service.tips.logMood(mood: "good")
        #expect(notifier.waitForLogCount("Showed 'CustomizeLayoutTip'", 1), "\(notifier.log)")
        #expect(
            try server.notifyCalls().map(\.summary) == ["Personalize Your Experience", "Personalize Your Experience"])
    }

    @Test func underATestingSwitchThatRecordsNothingATipIsStillNotifiedOnce() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "immediate"])
        try service.testing.showTips(ids: ["SiriShortcutTip"])
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        // One at a time, in catalog order: the first tip by the rules, the switched one, the next by the rules.
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        try server.close(1, reason: 2)
        #expect(notifier.waitForLog("Showed 'SiriShortcutTip' as notification 2"), "\(notifier.log)")
        try server.close(2, reason: 2)
        #expect(notifier.waitForLog("Showed 'TimeViewTip' as notification 3"), "\(notifier.log)")
        try server.close(3, reason: 2)
        // The switch records nothing for its tip, and the service does not let it be claimed again while it lasts.
        #expect(notifier.waitForLog("Waiting: no new tip is available"), "\(notifier.log)")
        #expect(
            try server.notifyCalls().map(\.summary) == [
                "Personalize Your Experience", "Log Moods from Anywhere", "View Your History",
            ])
        #expect(try service.tip("SiriShortcutTip").displayCount == 0)
    }

    // A brief testing switch once left the old notifier believing its tip shown while the service kept
    // offering it as new, and no later tip was ever shown.
    @Test func aBriefTestingSwitchDoesNotStopLaterTipsFromBeingShown() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "immediate"])
        try service.testing.showAllTips()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0, "a switch records nothing")
        try service.testing.clearSwitches()
        try server.close(1, reason: 2)
        // By the rules now, the tip was never seen: it comes again, recorded this time, and then the next one.
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 2"), "\(notifier.log)")
        try server.close(2, reason: 1)
        #expect(notifier.waitForLog("Showed 'TimeViewTip' as notification 3"), "\(notifier.log)")
        try server.close(3, reason: 1)
        #expect(notifier.waitForLog("Waiting: no new tip is available"), "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
    }
}
