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
        let pid = notifier.child.pid
        let before = try LargeMessage.memory(of: pid).resident
        let answer = try LargeMessage.call(
            name, path: "/org/feels/Tests/LargeMessage", interface: "org.feels.Tests.LargeMessage", member: "Carry",
            bytes: 100 << 20, arguments: { [.string($0)] }, on: service.client)
        let refused = if case .failure(.remote) = answer { true } else { false }
        #expect(refused, "the call was answered with \(answer), not refused")
        let highWaterMark = try LargeMessage.memory(of: pid).highWaterMark
        #expect(highWaterMark > before + 100 * 1_024, "the message was read: at most \(highWaterMark) kB resident")
        let after = try LargeMessage.residentKilobytes(of: pid, fallingTo: before + 4 * 1_024)
        ReliabilityReport.record(
            "feels-tips-notifier, a call no object has: resident \(before) kB before, at most \(highWaterMark) kB, "
                + "then \(after) kB")
        #expect(after <= before + 4 * 1_024, "resident \(before) kB before the message, \(after) kB after")
        #expect(notifier.child.isRunning)
    }
}
