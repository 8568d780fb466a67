import BusTestSupport
import DBus
import Testing

/// A message near the size the session bus lets through, sent to the notifier's own connection: read, refused, and
/// its memory returned.
@Suite("A very large message to the notifier")
struct LargeMessageTests {
    @Test func theNotifiersMemoryOfA100MiBMessageIsReturnedOnceItIsHandled() throws {
        let service = try RunningService.usedToday()
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        let name = try #require(notifier.uniqueName, "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: no notification server"), "\(notifier.log)")
        let large = try LargeMessage.measure(
            name, pid: notifier.child.pid, path: "/org/feels/Tests/LargeMessage",
            interface: "org.feels.Tests.LargeMessage", member: "Carry", bytes: 100 << 20, slack: 4 * 1_024,
            arguments: { [.string($0)] }, on: service.client)
        #expect(large.refused, "the call was answered with \(large.answer), not refused")
        #expect(
            large.highWaterMark > large.before + 100 * 1_024, "the message was read: at most \(large.highWaterMark) kB")
        ReliabilityReport.record(
            "feels-tips-notifier, a call no object has: resident \(large.before) kB before, at most "
                + "\(large.highWaterMark) kB, then \(large.after) kB")
        #expect(large.after <= large.before + 4 * 1_024, "resident \(large.before) kB before, \(large.after) kB after")
        #expect(notifier.child.isRunning)
    }
}
