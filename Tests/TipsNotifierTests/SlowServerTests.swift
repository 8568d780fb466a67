import BusTestSupport
import DBus
import Foundation
import Testing

/// A notification server slower than expected: its notification is pending, never "not shown". The tip reaches the
/// screen once whatever the server's delay, a withdrawal decided meanwhile happens as soon as the id arrives, and
/// the notifier's loop answers throughout (libnotify's calls are made on a thread of their own).
@Suite("Slow notification servers", .serialized)
struct SlowServerTests {
    // The notifier once gave a server 5 s to answer Notify: a server answering after 7 s had the tip counted as not
    // shown, claimed again and shown again at 30, 60 and 120 s, four copies in all.
    @Test func aServerAnsweringNotifyAfterSevenSecondsShowsTheTipOnce() throws {
        let service = try RunningService.usedToday()
        let slow = try MockNotificationServer(
            address: service.bus.address, misbehaviour: .answersNotifyAfter(seconds: 7))
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(try eventually { try service.tip("CustomizeLayoutTip").notifiedAt != 0 })
        let ping = try HostileServerTests.pingTime(notifier, over: service.client)
        #expect(ping < .milliseconds(100), "Ping took \(ping) while Notify was pending")

        #expect(
            notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1", timeout: .seconds(40)),
            "\(notifier.log)")
        // Once shown, the machine settles on a reason to wait; a retry would have said the server failed.
        #expect(notifier.waitForLog("Waiting: "), "\(notifier.log)")
        #expect(notifier.count("Failed to show") + notifier.count("the notification server failed") == 0)
        #expect(try slow.notifyCalls().count == 1)
        #expect(notifier.count("Showed 'CustomizeLayoutTip'") == 1, "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1, "recorded once")
    }

    @Test func aNotificationWithdrawnWhileNotifyIsPendingIsClosedAsSoonAsItsIdArrives() throws {
        let service = try RunningService.usedToday()
        let gate = try TemporaryFolder()
        let answer = gate.url.appendingPathComponent("answer").path
        let slow = try MockNotificationServer(
            address: service.bus.address, misbehaviour: .answersNotifyOnceFileExists(answer))
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(try eventually { try service.tip("CustomizeLayoutTip").notifiedAt != 0 })

        let result = try runTool(
            try builtProduct("feels-tips"),
            ["--address", service.bus.address, "invalidate", "CustomizeLayoutTip", "tipClosed"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            notifier.waitForLog("Withdrawing the notification of 'CustomizeLayoutTip' once the server has answered"),
            "\(notifier.log)")
        #expect(notifier.count("Withdrew") == 0, "nothing to close before the server answers: \(notifier.log)")

        #expect(FileManager.default.createFile(atPath: answer, contents: nil))
        #expect(
            notifier.waitForLog("Withdrew the notification of 'CustomizeLayoutTip': it was invalidated"),
            "\(notifier.log)")
        #expect(try eventually { try slow.closeCalls() == [1] })
        #expect(try slow.notifyCalls().count == 1)
    }
}
