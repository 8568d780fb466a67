import BusTestSupport
import DBus
import Foundation
import Testing

/// Exactly once across crashes, and never a dead end: the claim is recorded before the server is asked, so a
/// notifier killed right after the server accepted never shows the tip again, and a failed release or a service
/// that went away never stops later tips.
@Suite("Crashes and absences", .serialized)
struct CrashTests {
    // Killed between the server accepting Notify and the display being recorded, the notifier
    // showed the same tip twice after a restart.
    @Test func aNotifierKilledRightAfterTheServerAcceptedNeverShowsTheTipAgain() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "immediate"])
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let first = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(first.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(first.log)")
        first.child.kill()
        // The service ends the hold of a notifier that left the bus: the tip is the app's to show.
        #expect(try eventually { try service.tip("CustomizeLayoutTip").heldBackBy == "" })

        let second = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(second.waitForLog("Showed 'TimeViewTip'"), "\(second.log)")
        #expect(
            try server.notifyCalls().map(\.summary) == ["Personalize Your Experience", "View Your History"],
            "each tip once")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
    }

    @Test func aReleaseTheServiceCouldNotTakeDoesNotStopLaterTips() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "2"])
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        service.stop()
        #expect(notifier.waitForLog("org.feels.Tips left the bus"), "\(notifier.log)")
        try server.close(1, reason: 2)
        #expect(notifier.waitForLog("Failed to release 'CustomizeLayoutTip'"), "\(notifier.log)")

        try service.start()
        #expect(notifier.waitForLog("org.feels.Tips appeared on the bus"), "\(notifier.log)")
        #expect(notifier.waitForLog("Showed 'TimeViewTip'", timeout: .seconds(30)), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 2)
    }
}
