import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// Clients that send many calls at once: one that reads its replies has every call answered, one that never reads
/// slows no one and grows the service by nothing (the bus holds what waits for it).
@Suite("Clients that send many calls at once")
struct SlowClientTests {
    // One client sending 100,000 GetTips of every tip without reading once grew the service from 25 to 515 MB, and
    // every other client's calls timed out for minutes behind its replies in the one outgoing queue; a flood of
    // Peer.Ping, which libdbus answered in the order the pings came, held another client's call for seconds. Its call
    // now waits for one of the flood's calls, and its reply behind what the socket holds. The bench measures the wait
    // on a quiet machine (docs/BENCHMARKS.md); the bound here leaves room for a machine running the whole suite.
    @Test(arguments: [Tips1.Method.getTips.rawValue, "Peer.Ping"])
    func anotherClientIsAnsweredDuringTheFloodAndTheServiceStaysSmall(flooding member: String) throws {
        let service = try RunningService()
        let pid = try #require(service.servicePID)
        let baseline = try #require(ProcessStatus(pid: pid).residentKiB)
        let flood = try ChildProcess(try builtProduct("tips-flood"), [service.bus.address, "100000", member])
        var slowest = Duration.zero
        var largest = baseline
        let clock = ContinuousClock()
        let end = clock.now + .seconds(6)
        while clock.now < end {
            let started = clock.now
            #expect(try service.tip("TimeViewTip").id == "TimeViewTip")
            slowest = max(slowest, clock.now - started)
            largest = max(largest, try #require(ProcessStatus(pid: pid).residentKiB))
            Thread.sleep(forTimeInterval: 0.05)
        }
        flood.kill()
        #expect(slowest < .seconds(3), "the slowest GetTips of one tip took \(slowest)")
        ReliabilityReport.record(
            "a client flooding 100,000 \(member) it never reads: the slowest other GetTips \(slowest), "
                + "the service at most \(largest) kB (from \(baseline) kB)")
        #expect(largest < 64 * 1_024, "the service reached \(largest) kB")
        #expect(service.answersPing())
        #expect(service.stop() == .exited(0))
    }

    // A client that reads its replies and sends 500 calls at once once had 287 of them never answered.
    @Test func everyCallOfAClientThatPipelinesAndReadsIsAnswered() throws {
        let service = try RunningService()
        let client = try DBusConnection(address: service.bus.address)
        var outcomes: [Result<[DBusValue], DBusError>] = []
        for _ in 0..<500 {
            let call = try DBusMessage.methodCall(
                destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
                member: Tips1.Method.getTips.name)
            try call.append([.strings([]), .vardict([])])
            try client.send(call, timeout: .seconds(25)) { outcomes.append($0) }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while outcomes.count < 500, ContinuousClock.now < deadline {
            _ = client.readWriteDispatch(timeout: .milliseconds(50))
        }
        let failures = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(outcomes.count == 500)
        #expect(failures.isEmpty, "\(failures.count) failed, the first: \(String(describing: failures.first))")
    }
}
