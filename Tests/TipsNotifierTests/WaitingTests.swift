import BusTestSupport
import DBus
import Foundation
import Testing

/// When a tip cannot be shown, or should not be, nothing is used up: no server, the opt-out, a locked screen, a
/// paused server. Each wait ends by itself when its cause goes away.
@Suite("Waiting for a good moment", .serialized)
struct WaitingTests {
    @Test func withNoServerNothingIsUsedUpAndTheTipShowsWhenAServerAppears() throws {
        let service = try RunningService.usedToday()
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: no notification server"), "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
        #expect(try service.tips.nextDisplayTime() == 0)

        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
    }

    @Test func aServerThatRefusesNotifyUsesNothingUpAndTheNextServerGetsTheTip() throws {
        let service = try RunningService.usedToday()
        let refusing = try MockNotificationServer(address: service.bus.address, misbehaviour: .refusesNotify)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Failed to show 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the notification server failed; trying again at"), "\(notifier.log)")
        // The claim is undone: nothing was used up.
        #expect(try eventually { try service.tip("CustomizeLayoutTip").displayCount == 0 })
        #expect(try service.tip("CustomizeLayoutTip").notifiedAt == 0)
        #expect(try service.tips.nextDisplayTime() == 0)

        refusing.stop()
        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func withTheOptOutSetNothingShowsUntilItIsTurnedOnAgain() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let file = try NotifierProcess.writeSettings("[Notifications]\nEnabled=false\n", under: config.url)
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Tip notifications are turned off in '\(file.path)'"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)

        try NotifierProcess.writeSettings("[Notifications]\nEnabled=true\n", under: config.url)
        #expect(notifier.waitForLog("Tip notifications turned on"), "\(notifier.log)")
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func anInvalidOptOutFileShowsNothingAndSaysWhy() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let file = try NotifierProcess.writeSettings("[Notifications]\nEnabled=no\n", under: config.url)
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Enabled is 'no'; expected true or false"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)

        try FileManager.default.removeItem(at: file)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
    }

    @Test func withTheScreenLockedNothingShowsUntilItUnlocks() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let screenSaver = try MockScreenSaver(address: service.bus.address, active: true)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(
            notifier.waitForLog("Waiting: the screen is locked or blanked ('org.freedesktop.ScreenSaver' is active)"),
            "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)

        try screenSaver.setActive(false)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func withTheSessionLockedInLogindNothingShowsUntilItUnlocks() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let logind = try MockLogind()
        try logind.setLocked(true)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url,
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": logind.bus.address, "XDG_SESSION_ID": MockLogind.sessionID])
        #expect(notifier.waitForLog("Following logind's LockedHint of session"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the screen is locked (logind's LockedHint)"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)

        try logind.setLocked(false)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func aScreenLockedWhileWaitingForTheWindowHoldsTheNextTipUntilItUnlocks() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "2"])
        let server = try MockNotificationServer(address: service.bus.address)
        let screenSaver = try MockScreenSaver(address: service.bus.address, active: false)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        try screenSaver.setActive(true)
        #expect(notifier.waitForLog("Waiting: the screen is locked or blanked"), "\(notifier.log)")
        // The window ends while the screen is locked: the service says so, and the notifier still waits.
        #expect(
            try eventually(timeout: .seconds(30)) { try service.tips.nextDisplayTime() == 0 })
        #expect(notifier.count("Showed") == 1)

        try screenSaver.setActive(false)
        #expect(notifier.waitForLog("Showed 'TimeViewTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 2)
    }

    @Test func whileDunstIsPausedNothingShowsUntilItResumes() throws {
        let service = try RunningService.usedToday()
        let dunst = try DunstServer(address: service.bus.address)
        try dunst.dunstctl("set-paused", "true")
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: the notification server is paused"), "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)

        try dunst.dunstctl("set-paused", "false")
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try eventually { try dunst.displayedCount() == 1 })
    }
}
