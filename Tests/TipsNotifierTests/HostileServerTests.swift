import BusTestSupport
import DBus
import Foundation
import Testing

/// Notification servers that misbehave: the notifier keeps answering, uses nothing up that was not shown, shows
/// again what a dying server took with it, and never takes another client's notification for its own.
@Suite("Misbehaving notification servers", .serialized)
struct HostileServerTests {
    /// How long a `Peer.Ping` to the notifier takes, over `client`.
    static func pingTime(_ notifier: NotifierProcess, over client: DBusConnection) throws -> Duration {
        let name = try #require(notifier.uniqueName)
        let start = ContinuousClock.now
        try client.call(
            destination: BusName(name), path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping",
            timeout: .seconds(5))
        return ContinuousClock.now - start
    }

    @Test func aServerThatNeverAnswersNotifyLeavesTheNotifierAnsweringAndUsesNothingUp() throws {
        let service = try RunningService.usedToday()
        let hung = try MockNotificationServer(address: service.bus.address, misbehaviour: .neverAnswersNotify)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        // Notify is on its way and the server hangs in it: the claim is made, the loop still turns.
        #expect(try eventually { try service.tip("CustomizeLayoutTip").notifiedAt != 0 })
        for _ in 0..<5 {
            let ping = try Self.pingTime(notifier, over: service.client)
            #expect(ping < .milliseconds(100), "Ping took \(ping)")
        }
        // A slow server is pending, not failing: the tip stays claimed for it, and nothing is sent again.
        #expect(notifier.count("Failed to show") == 0, "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").heldBackBy == "notification", "claimed, pending")

        // The hung server leaves with the notification it never showed: the next one shows it, once.
        hung.stop()
        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1, "recorded once")
    }

    @Test func sigtermEndsTheNotifierWithinASecondWhileTheServerHangs() throws {
        let service = try RunningService.usedToday()
        let hung = try MockNotificationServer(address: service.bus.address, misbehaviour: .neverAnswersNotify)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(try eventually { try service.tip("CustomizeLayoutTip").notifiedAt != 0 })
        let start = ContinuousClock.now
        notifier.child.send(signal: SIGTERM)
        #expect(notifier.child.waitForExit(timeout: .seconds(5)) == .exited(0), "\(notifier.log)")
        #expect(ContinuousClock.now - start < .seconds(1))
        withExtendedLifetime(hung) {}
    }

    @Test func aServerThatNeverSaysWhatItCanDoIsTriedAgainLater() throws {
        let service = try RunningService.usedToday()
        let hung = try MockNotificationServer(address: service.bus.address, misbehaviour: .neverAnswersCapabilities)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        // libnotify waits 25 s for GetCapabilities.
        #expect(
            notifier.waitForLog("The notification server did not say what it can do", timeout: .seconds(45)),
            "\(notifier.log)")
        #expect(try Self.pingTime(notifier, over: service.client) < .milliseconds(100))
        #expect(try service.tip("CustomizeLayoutTip").notifiedAt == 0, "nothing was claimed")
        withExtendedLifetime(hung) {}
    }

    @Test func aServerAnsweringIdZeroHasShownNothing() throws {
        let service = try RunningService.usedToday()
        let broken = try MockNotificationServer(address: service.bus.address, misbehaviour: .answersIDZero)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("the server answered notification id 0"), "\(notifier.log)")
        #expect(try eventually { try service.tip("CustomizeLayoutTip").notifiedAt == 0 })
        withExtendedLifetime(broken) {}
    }

    @Test func aServerThatDiesRightAfterAcceptingHasTheNextServerShowTheTipAgain() throws {
        let service = try RunningService.usedToday()
        let dying = try MockNotificationServer(address: service.bus.address, misbehaviour: .diesAfterAccepting)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        #expect(eventually { !dying.isRunning })
        #expect(
            notifier.waitForLog("The notification server left the bus; the next one shows 'CustomizeLayoutTip' again"),
            "\(notifier.log)")
        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' again"), "\(notifier.log)")
        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1, "recorded once")
    }

    // After the server restarted, its ids began at 1 again, and another app's notification 1 was
    // taken for ours.
    @Test func anotherClientsNotificationWithAReusedIdNeverActsOnOurTip() throws {
        let service = try RunningService.usedToday()
        let first = try MockNotificationServer(address: service.bus.address)
        let screenSaver = try MockScreenSaver(address: service.bus.address, active: false)
        let app = try StandInApp(address: service.bus.address, serviceDirectory: service.bus.serviceDirectory)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: ["XDG_DATA_DIRS": app.dataFolder.path])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")

        // The screen locks and the server restarts: ours waits to be shown again, and another app gets id 1.
        try screenSaver.setActive(true)
        #expect(notifier.waitForLog("Waiting: the screen is locked or blanked"), "\(notifier.log)")
        first.stop()
        let second = try MockNotificationServer(address: service.bus.address)
        let other = try runTool(
            "notify-send", ["Another app", "Its own notification"],
            env: ["DBUS_SESSION_BUS_ADDRESS": service.bus.address])
        #expect(other.status == 0, "\(other.stderr)")
        try second.invokeAction("default", on: 1)
        try second.close(1, reason: 2)
        #expect(try Self.pingTime(notifier, over: service.client) < .milliseconds(100))
        #expect(notifier.count("was clicked") == 0, "\(notifier.log)")
        #expect(notifier.count("was dismissed") == 0, "\(notifier.log)")
        #expect(try app.activateActionCalls().isEmpty)

        try screenSaver.setActive(false)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' again, as notification 2"), "\(notifier.log)")
    }
}
