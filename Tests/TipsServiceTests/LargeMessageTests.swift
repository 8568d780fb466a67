import BusTestSupport
import DBus
import Testing
import TipsInterface

/// A message near the size the session bus lets through, read and let go: the service's resident memory returns to
/// what it was.
@Suite("A very large message")
struct LargeMessageTests {
    /// A call carrying one 100 MiB string, as the test names it.
    struct LargeCall: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let path: ObjectPath
        let interface: InterfaceName
        let member: MemberName
        let arguments: @Sendable (String) -> [DBusValue]
    }

    static let calls = [
        LargeCall(
            testDescription: "a call no object has", path: "/org/feels/Tests/LargeMessage",
            interface: "org.feels.Tests.LargeMessage", member: "Carry", arguments: { [.string($0)] }),
        LargeCall(
            testDescription: "LogMood of a 100 MiB mood", path: RunningService.path,
            interface: RunningService.interface, member: Tips1.Method.logMood.name,
            arguments: { [.string($0), .vardict([])] }),
    ]

    @Test(arguments: calls)
    func theMemoryOfA100MiBMessageIsReturnedOnceItIsHandled(_ large: LargeCall) throws {
        let service = try RunningService()
        let pid = try #require(service.servicePID)
        let unique = try #require(try ForgedSignal.uniqueName(ofProcess: pid, on: service.client))
        #expect(service.answersPing())
        let measured = try LargeMessage.measure(
            unique, pid: pid, path: large.path, interface: large.interface, member: large.member, bytes: 100 << 20,
            slack: 4 * 1_024, arguments: large.arguments, on: service.client)
        #expect(measured.refused, "the call was answered with \(measured.answer), not refused")
        #expect(
            measured.highWaterMark > measured.before + 100 * 1_024,
            "the message was read: at most \(measured.highWaterMark) kB")
        ReliabilityReport.record(
            "feels-tipsd, \(large.testDescription): resident \(measured.before) kB before, at most "
                + "\(measured.highWaterMark) kB, then \(measured.after) kB")
        #expect(
            measured.after <= measured.before + 4 * 1_024,
            "resident \(measured.before) kB before, \(measured.after) kB after")
        #expect(service.answersPing())
    }
}
