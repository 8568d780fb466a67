import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// A client that sends calls and never reads the answers, after dbus-broker's per-peer quotas.
@Suite("A client that never reads its replies")
struct SlowClientTests {
    /// The resident memory of `pid` in kB, from /proc.
    static func residentKilobytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    // One client sending 100,000 ListTips (GetTips of every tip now) without reading once grew the service from 25 to
    // 515 MB, and every other client's calls timed out for minutes behind its replies in the one outgoing queue.
    // A flood of Peer.Ping, which the binding answers before any other call, slows nobody either. Its replies are so
    // small that the bus takes them as they come: the service never holds enough of them to refuse the flooder.
    @Test(arguments: [Tips1.Method.getTips.rawValue, "Peer.Ping"])
    func anotherClientIsAnsweredWithinASecondAndTheServiceStaysSmall(flooding member: String) throws {
        let service = try RunningService()
        let pid = try #require(service.servicePID)
        let baseline = try Self.residentKilobytes(of: pid)
        let flood = try ChildProcess(try builtProduct("tips-flood"), [service.bus.address, "100000", member])
        var slowest = Duration.zero
        var largest = baseline
        let clock = ContinuousClock()
        let end = clock.now + .seconds(6)
        while clock.now < end {
            let started = clock.now
            #expect(try service.tip("TimeViewTip").id == "TimeViewTip")
            slowest = max(slowest, clock.now - started)
            largest = max(largest, try Self.residentKilobytes(of: pid))
            Thread.sleep(forTimeInterval: 0.05)
        }
        flood.kill()
        #expect(slowest < .seconds(1), "the slowest GetTips of one tip took \(slowest)")
        ReliabilityReport.record(
            "a client flooding 100,000 \(member) it never reads: the slowest other GetTips \(slowest), "
                + "the service at most \(largest) kB (from \(baseline) kB)")
        #expect(largest < 64 * 1_024, "the service reached \(largest) kB")
        #expect(service.answersPing())
        #expect(service.stop() == .exited(0))
        if member != "Peer.Ping" {
            #expect(
                service.lastLog.contains { $0.contains("is not reading its replies; refusing its calls") },
                "\(service.lastLog)")
        }
    }

    @Test func aClientOverItsQuotaIsRefusedWithLimitsExceededAndServedAgainOnceItReads() throws {
        let service = try RunningService()
        let greedy = try DBusConnection(address: service.bus.address)
        // Calls sent without reading, so their replies wait: past the quota the service refuses with LimitsExceeded.
        var outcomes: [Result<[DBusValue], DBusError>] = []
        var pending: [DBusPendingCall] = []
        for _ in 0..<400 {
            let call = try DBusMessage.methodCall(
                destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
                member: Tips1.Method.getTips.name)
            try call.append([.strings([]), .vardict([])])
            // Past the hard quota a call is dropped unanswered: its own timeout then answers it (NoReply).
            pending.append(try greedy.send(call, timeout: .seconds(5)) { outcomes.append($0) })
        }
        greedy.flush()
        // Give the service time to answer all of them while this client reads nothing.
        Thread.sleep(forTimeInterval: 1)
        #expect(service.answersPing())
        let deadline = ContinuousClock.now + .seconds(20)
        while outcomes.count < 400, ContinuousClock.now < deadline {
            _ = greedy.readWriteDispatch(timeout: .milliseconds(50))
        }
        let refused = outcomes.filter {
            if case .failure(.remote(let name, _)) = $0 {
                name == "org.freedesktop.DBus.Error.LimitsExceeded"
            } else {
                false
            }
        }
        let dropped = outcomes.filter {
            if case .failure(.remote(let name, _)) = $0 { name == "org.freedesktop.DBus.Error.NoReply" } else { false }
        }
        let served = outcomes.filter { if case .success = $0 { true } else { false } }
        #expect(outcomes.count == 400)
        #expect(served.count + refused.count + dropped.count == 400, "\(outcomes.count) outcomes")
        #expect(!refused.isEmpty && !served.isEmpty, "served \(served.count), refused \(refused.count)")
        // Having read everything, the client is served again.
        let again = try Tips1Client(connection: greedy, timeout: .seconds(10)).getTips(ids: ["TimeViewTip"])
        #expect(again.map(\.id) == ["TimeViewTip"])
        withExtendedLifetime(pending) {}
        greedy.close()
    }
}
