import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface
@testable import TipsService

/// Writes made durable together, one fsync for all that arrive while the previous commit is in flight, and reads
/// answered from what is already durable, never waiting for the disk.
@Suite("Group commit and reads from memory")
struct GroupCommitTests {
    /// A running service whose every fsync and fdatasync is then slowed (to half a second unless told), as a busy or
    /// failing disk would: strace attaches to all its threads and delays the calls' return.
    final class ServiceOnASlowDisk {
        let service: RunningService
        private let strace: ChildProcess

        init(fsyncTakes delay: Duration = .milliseconds(500)) throws {
            service = try RunningService()
            let pid = try #require(service.servicePID)
            let microseconds = delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000
            strace = try ChildProcess(
                "strace",
                [
                    "-f", "-p", "\(pid)", "-o", "/dev/null", "-e", "trace=fdatasync,fsync", "-e",
                    "inject=fdatasync:delay_exit=\(microseconds)", "-e", "inject=fsync:delay_exit=\(microseconds)",
                ])
            // "Process N attached", "with 2 threads" while the loop's helper serves; -f follows the one a write starts.
            let attached = strace.readLine(from: .standardError, timeout: .seconds(10))
            try #require(attached?.contains("Process \(pid) attached") == true, "strace said \(attached ?? "nothing")")
        }

        deinit {
            strace.send(signal: SIGINT)
            _ = strace.waitForExit(timeout: .seconds(5))
        }
    }

    /// Sends `member` without waiting; the outcome lands in `outcomes` under `key` when the reply is dispatched.
    static func send(
        _ member: MemberName, _ arguments: [DBusValue] = [], interface: InterfaceName = RunningService.interface,
        on connection: DBusConnection, key: String, into outcomes: Outcomes
    ) throws {
        let call = try DBusMessage.methodCall(
            destination: RunningService.name, path: RunningService.path, interface: interface, member: member)
        try call.append(arguments)
        try connection.send(call, timeout: .seconds(30)) { result in
            outcomes.all.append((key, result))
        }
    }

    /// Dispatches `connections` until `done` holds or `timeout` passes.
    static func pump(_ connections: [DBusConnection], timeout: Duration = .seconds(20), until done: () -> Bool) -> Bool
    {
        let deadline = ContinuousClock.now + timeout
        while !done() {
            guard ContinuousClock.now < deadline else { return false }
            for connection in connections {
                _ = connection.readWriteDispatch(timeout: .milliseconds(5))
            }
        }
        return true
    }

    // A read waited 503 ms behind one writer's slowed fdatasync; it now answers from memory, with what is durable.
    @Test func aReadIsAnsweredAtOnceWhileACommitWaitsForTheDiskAndSeesOnlyWhatIsDurable() throws {
        let slow = try ServiceOnASlowDisk()
        let service = slow.service
        let writer = try DBusConnection(address: service.bus.address)
        let outcomes = Outcomes()
        let clock = ContinuousClock()
        let started = clock.now
        try Self.send(
            Tips1.Method.logMood.name, [.string("great"), .vardict([])], on: writer, key: "write", into: outcomes)
        writer.flush()
        Thread.sleep(forTimeInterval: 0.1)
        let readStarted = clock.now
        #expect(try service.tips.moodLogCount() == 0, "the write in flight is not durable yet")
        #expect(try service.status("SiriShortcutTip") == "pending")
        let readTook = clock.now - readStarted
        #expect(readTook < .milliseconds(250), "a read took \(readTook) behind a slow disk")
        #expect(Self.pump([writer]) { !outcomes.all.isEmpty })
        #expect(clock.now - started >= .milliseconds(500), "the write was answered only once durable")
        #expect(try outcomes.all.first?.1.get() == [.uint32(1)])
        #expect(try service.tips.moodLogCount() == 1)
    }

    // Group commit: the requests arriving while one commit is made durable are made durable together with the next.
    @Test func writesFromManyClientsDuringACommitShareTheNextFsync() throws {
        let slow = try ServiceOnASlowDisk()
        let service = slow.service
        let clients = try (0..<8).map { _ in try DBusConnection(address: service.bus.address) }
        let outcomes = Outcomes()
        let clock = ContinuousClock()
        let started = clock.now
        for (index, client) in clients.enumerated() {
            try Self.send(
                Tips1.Method.logMood.name, [.string("good"), .vardict([])], on: client, key: "\(index)", into: outcomes)
        }
        for client in clients { client.flush() }
        #expect(Self.pump(clients) { outcomes.all.count == 8 })
        let took = clock.now - started
        // One commit each would take 8 × 0.5 s; the first commit, then one for the seven that waited, take about 1 s.
        #expect(took < .milliseconds(2_500), "8 writes took \(took)")
        let counts = outcomes.all.compactMap { try? $0.1.get().first?.uint32Value }.sorted()
        #expect(counts == Array(1...8), "each write is acknowledged with its own count")
        #expect(try service.tips.exportMoods().arrayValue?.count == 8)
    }

    // Group commit keeps the order of one client's replies: a read sent after a write waits for it, and sees it.
    @Test func aClientsReplyToAReadSentAfterItsWriteComesAfterTheWriteAndSeesIt() throws {
        let slow = try ServiceOnASlowDisk()
        let service = slow.service
        let client = try DBusConnection(address: service.bus.address)
        let outcomes = Outcomes()
        let logMood = Tips1.Method.logMood.name
        try Self.send(logMood, [.string("bad"), .vardict([])], on: client, key: "write", into: outcomes)
        try Self.send(
            "Get", [.string(RunningService.interface.rawValue), .string(Tips1.Property.moodLogCount.rawValue)],
            interface: "org.freedesktop.DBus.Properties", on: client, key: "read", into: outcomes)
        try Self.send(
            Tips1.Method.getTips.name, [.strings(["NoSuchTip"]), .vardict([])], on: client, key: "error",
            into: outcomes)
        try Self.send(logMood, [.string("good"), .vardict([])], on: client, key: "second write", into: outcomes)
        client.flush()
        #expect(Self.pump([client]) { outcomes.all.count == 4 })
        let order = outcomes.all.map(\.0)
        #expect(order == ["write", "read", "error", "second write"])
        let read = try outcomes.all[1].1.get()
        #expect(read == [.variant(.uint32(1))])
    }

    @Test func aWriteRefusedByTheEngineInsideACommitChangesNothingAndTheOthersGoThrough() throws {
        let slow = try ServiceOnASlowDisk()
        let service = slow.service
        let clients = try (0..<3).map { _ in try DBusConnection(address: service.bus.address) }
        let outcomes = Outcomes()
        let logMood = Tips1.Method.logMood.name
        try Self.send(logMood, [.string("great"), .vardict([])], on: clients[0], key: "first", into: outcomes)
        try Self.send(logMood, [.string("meh"), .vardict([])], on: clients[1], key: "refused", into: outcomes)
        try Self.send(logMood, [.string("good"), .vardict([])], on: clients[2], key: "second", into: outcomes)
        for client in clients { client.flush() }
        #expect(Self.pump(clients) { outcomes.all.count == 3 })
        let byKey = Dictionary(outcomes.all, uniquingKeysWith: { first, _ in first })
        guard case .failure(.remote(let name, _))? = byKey["refused"] else {
            Issue.record("'meh' was accepted")
            return
        }
        #expect(name == Tips1.Error.invalidMood.rawValue)
        #expect(try service.tips.moodLogCount() == 2)
    }
}

extension GroupCommitTests {
    // The writes waiting for a stalled disk were kept without bound: a flood grew the service for as long as the
    // disk stalled, and was then applied in one turn of the loop.
    @Test func writesPastTheBoundWhileTheDiskStallsAreRefusedAtOnceAndReadsAreStillAnswered() throws {
        let stall = Duration.seconds(5)
        let slow = try ServiceOnASlowDisk(fsyncTakes: stall)
        let service = slow.service
        let flooder = try DBusConnection(address: service.bus.address)
        let reader = try DBusConnection(address: service.bus.address)
        let outcomes = Outcomes()
        let sent = 1_500
        let clock = ContinuousClock()
        let started = clock.now
        for index in 0..<sent {
            try Self.send(
                Tips1.Method.logMood.name, [.string("good"), .vardict([])], on: flooder, key: "write \(index)",
                into: outcomes)
        }
        // The flooder's own read waits for its writes, refused ones included, and sees every one stored.
        let moodLogCount = [
            DBusValue.string(RunningService.interface.rawValue), .string(Tips1.Property.moodLogCount.rawValue),
        ]
        try Self.send(
            "Get", moodLogCount, interface: "org.freedesktop.DBus.Properties", on: flooder, key: "own read",
            into: outcomes)
        flooder.flush()
        let datastoreError = Tips1.Error.datastore.rawValue
        func isRefusal(_ outcome: (String, Result<[DBusValue], DBusError>)) -> Bool {
            guard case .failure(.remote(let name, _)) = outcome.1 else { return false }
            return name == datastoreError
        }
        func isSuccess(_ outcome: (String, Result<[DBusValue], DBusError>)) -> Bool {
            outcome.0.hasPrefix("write") && (try? outcome.1.get()) != nil
        }

        // The first refusal comes while the first commit's fsync is stalled: before any write is acknowledged.
        #expect(Self.pump([flooder], timeout: .seconds(60)) { outcomes.all.contains(where: isRefusal) })
        let refusedAfter = clock.now - started
        let acknowledgedBefore = outcomes.all.filter(isSuccess).count
        #expect(acknowledgedBefore == 0, "\(acknowledgedBefore) writes were acknowledged before the first refusal")
        guard case .failure(.remote(_, let message))? = outcomes.all.first(where: isRefusal)?.1 else { return }
        #expect(message.contains("not keeping up") && message.contains("nothing was changed"), "\(message)")

        // Another client's read is answered while the disk still stalls.
        try Self.send(
            "Get", moodLogCount, interface: "org.freedesktop.DBus.Properties", on: reader, key: "read", into: outcomes)
        reader.flush()
        #expect(Self.pump([flooder, reader], timeout: .seconds(60)) { outcomes.all.contains { $0.0 == "read" } })
        let read = try #require(outcomes.all.firstIndex { $0.0 == "read" })
        #expect(try outcomes.all[read].1.get() == [.variant(.uint32(0))], "the read sees only what is durable")
        let acknowledgedBeforeTheRead = outcomes.all[..<read].filter(isSuccess).count
        #expect(acknowledgedBeforeTheRead == 0, "the read was answered only once the disk came back")

        // Once the disk comes back, every write acknowledged is in the datastore, and no refused one.
        #expect(Self.pump([flooder], timeout: .seconds(90)) { outcomes.all.count == sent + 2 })
        let succeeded = outcomes.all.filter(isSuccess).count
        let refused = outcomes.all.filter(isRefusal).count
        #expect(outcomes.all.last?.0 == "own read", "the flooder's read was answered after its writes")
        #expect(try outcomes.all.last?.1.get() == [.variant(.uint32(UInt32(succeeded)))])
        #expect(succeeded + refused == sent, "every write is acknowledged or refused with Error.Datastore")
        #expect(succeeded >= TipsObject.mostWritesWaitingForTheDisk, "the writes within the bound went through")
        #expect(refused > 0)
        #expect(try service.tips.moodLogCount() == succeeded)
        #expect(try service.tips.exportMoods().arrayValue?.count == succeeded)
        // One line says it, not one a refusal.
        let said = "Refused \(refused) writes while \(TipsObject.mostWritesWaitingForTheDisk) waited for the datastore"
        let deadline = ContinuousClock.now + .seconds(10)
        var log = service.daemon?.lines(of: .standardError) ?? []
        while !log.contains(where: { $0.contains(said) }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            log = service.daemon?.lines(of: .standardError) ?? []
        }
        #expect(log.filter { $0.contains("Refused") }.count == 1, "\(log)")
        #expect(log.contains { $0.contains(said) }, "\(log)")
        ReliabilityReport.record(
            "\(sent) writes sent at once against fsyncs stalled \(stall): the first refused after \(refusedAfter), "
                + "\(refused) refused, \(succeeded) stored")
    }
}

/// The replies received so far, in the order they were dispatched (on the test's own thread).
final class Outcomes {
    var all: [(String, Result<[DBusValue], DBusError>)] = []
}
