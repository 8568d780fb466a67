import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The write path: the loop's thread gathers writes into a commit, the datastore writer's thread makes it durable, and
/// the loop answers once it is: durable before the reply, one fsync for the writes gathered meanwhile, each caller's
/// replies in order, reads answered while the disk is waited for, a refused commit changing nothing.
@Suite("The write path")
struct WritePathTests {
    /// strace following every thread of the running service, writing each traced call with its thread's id.
    final class TracedService {
        let service: RunningService
        let output: URL
        private let strace: ChildProcess

        /// Traces `calls` (such as `fdatasync,sendmsg`), adding `extra` options (a delay injected, say).
        init(_ service: RunningService, calls: String, extra: [String] = []) throws {
            self.service = service
            output = service.folder.appendingPathComponent("strace.log")
            let pid = try #require(service.servicePID)
            strace = try ChildProcess(
                "strace", ["-f", "-p", "\(pid)", "-o", output.path, "-s", "8", "-e", "trace=\(calls)"] + extra)
            // "Process N attached", "with 2 threads" once the writer has started; -f follows it if it starts later.
            let attached = strace.readLine(from: .standardError, timeout: .seconds(10))
            try #require(attached?.contains("Process \(pid) attached") == true, "strace said \(attached ?? "nothing")")
        }

        /// Stops tracing and returns each line traced: the thread's id, then the call.
        func stop() throws -> [(thread: Int32, call: String)] {
            strace.send(signal: SIGINT)
            _ = strace.waitForExit(timeout: .seconds(5))
            let text = try String(contentsOf: output, encoding: .utf8)
            // "8050  fdatasync(4) = 0": strace pads the thread's id to five columns.
            return text.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let thread = Int32(parts[0]) else { return nil }
                return (thread, String(parts[1].drop { $0 == " " }))
            }
        }

        deinit {
            strace.send(signal: SIGINT)
            _ = strace.waitForExit(timeout: .seconds(5))
        }
    }

    @Test func theReplyToAWriteLeavesAfterItsFlushWhichRunsOffTheLoopsThread() throws {
        let service = try RunningService()
        let traced = try TracedService(service, calls: "fdatasync,sendmsg,sendto")
        for count in 1...6 {
            #expect(try service.tips.logMood(mood: "good") == UInt32(count))
        }
        let lines = try traced.stop()
        let flushes = lines.indices.filter { lines[$0].call.hasPrefix("fdatasync(") }
        #expect(flushes.count >= 6, "\(lines.map(\.call))")
        for flush in flushes {
            // The first method return ('l', type 2) sent after the flush is the write's reply: the client waits for
            // each before its next write.
            let reply = lines[(flush + 1)...].first {
                ($0.call.hasPrefix("sendmsg(") || $0.call.hasPrefix("sendto(")) && $0.call.contains(#""l\2"#)
            }
            #expect(reply != nil, "no reply after the flush: \(lines[flush...].map(\.call))")
            #expect(
                reply?.thread != lines[flush].thread,
                "fdatasync and the reply both on \(lines[flush].thread): the loop waited for the disk")
        }
    }

    @Test func aClientsPipelinedWritesAndReadsAreAnsweredInOrderEachReadSeeingTheWritesBeforeIt() throws {
        let service = try RunningService()
        let client = try DBusConnection(address: service.bus.address)
        let outcomes = Outcomes()
        for index in 0..<15 {
            try GroupCommitTests.send(
                Tips1.Method.logMood.name, [.string("good"), .vardict([])], on: client, key: "write \(index)",
                into: outcomes)
            try GroupCommitTests.send(
                "Get", [.string(RunningService.interface.rawValue), .string(Tips1.Property.moodLogCount.rawValue)],
                interface: "org.freedesktop.DBus.Properties", on: client, key: "read \(index)", into: outcomes)
        }
        client.flush()
        #expect(GroupCommitTests.pump([client]) { outcomes.all.count == 30 })
        let expected = (0..<15).flatMap { ["write \($0)", "read \($0)"] }
        #expect(outcomes.all.map(\.0) == expected)
        for (index, outcome) in outcomes.all.enumerated() {
            let count = UInt32(index / 2 + 1)
            let values = try outcome.1.get()
            #expect(values == (index.isMultiple(of: 2) ? [.uint32(count)] : [.variant(.uint32(count))]), "\(outcome.0)")
        }
    }

    // Group commit: eight writers whose writes arrive while a commit is out share the next fdatasync, counted.
    @Test func writesArrivingWhileACommitIsOutShareTheNextFlush() throws {
        let service = try RunningService()
        let traced = try TracedService(
            service, calls: "fdatasync", extra: ["-e", "inject=fdatasync:delay_exit=300000"])
        let outcomes = try Self.logMoodAtOnce(from: 8, on: service)
        let counts = outcomes.all.compactMap { try? $0.1.get().first?.uint32Value }.sorted()
        #expect(counts == Array(1...8))
        let flushes = try traced.stop().filter { $0.call.hasPrefix("fdatasync(") }
        // The writes read together share a commit (it starts once they are dispatched), and those that arrive while
        // it is out share the next: at most three for the eight, whichever way the bus delivers them.
        #expect(flushes.count >= 1 && flushes.count <= 3, "\(flushes.count) flushes for 8 writes")
    }

    // A caller's write held behind its earlier write is served as that one is answered. When the service is stopping
    // by then, it is committed or refused, never left unanswered: the loop runs no idle callbacks once stopped, so
    // its commit, one of them, would never start and its caller would wait until the service is gone.
    @Test func aWriteHeldBehindTheLastCommitAsTheServiceStopsIsAnsweredNotLeftWaiting() throws {
        let service = try RunningService()
        let pid = try #require(service.servicePID)
        let traced = try TracedService(
            service, calls: "fdatasync", extra: ["-e", "inject=fdatasync:delay_exit=300000"])
        let client = try DBusConnection(address: service.bus.address)
        let outcomes = Outcomes()
        let mood: [DBusValue] = [.string("good"), .vardict([])]
        let read: [DBusValue] = [
            .string(RunningService.interface.rawValue), .string(Tips1.Property.moodLogCount.rawValue),
        ]
        try GroupCommitTests.send(Tips1.Method.logMood.name, mood, on: client, key: "first", into: outcomes)
        try GroupCommitTests.send(
            "Get", read, interface: "org.freedesktop.DBus.Properties", on: client, key: "read", into: outcomes)
        try GroupCommitTests.send(Tips1.Method.logMood.name, mood, on: client, key: "held", into: outcomes)
        client.flush()
        // The first write's fdatasync takes 300 ms: the service is told to stop while it is out.
        usleep(100_000)
        kill(pid, SIGTERM)
        #expect(GroupCommitTests.pump([client]) { outcomes.all.count == 3 })
        #expect(outcomes.all.map(\.0) == ["first", "read", "held"])
        let answers = Dictionary(outcomes.all, uniquingKeysWith: { first, _ in first })
        #expect(try answers["first"]?.get() == [.uint32(1)])
        #expect(try answers["read"]?.get() == [.variant(.uint32(1))])
        switch answers["held"] {
        case .success(let values)?:
            #expect(values == [.uint32(2)], "the held write answered \(values)")
        case .failure(.remote(let name, let message))?:
            #expect(name == "org.freedesktop.DBus.Error.Failed" && message.contains("stopping"), "\(name): \(message)")
        case let other:
            Issue.record("the held write was answered \(String(describing: other))")
        }
        withExtendedLifetime(traced) {}
    }

    @Test func writesGatheredIntoACommitTheDatastoreRefusesAreAllRefusedAndChangeNothing() throws {
        let service = try RunningService(launcher: DatastoreFaultTests.fileSizeLimit)
        let (successes, refusal) = try DatastoreFaultTests.logMoodsUntilRefused(on: service)
        try #require(refusal != nil, "200 moods fitted in the limit")
        let outcomes = try Self.logMoodAtOnce(from: 6, on: service)
        for (key, outcome) in outcomes.all {
            guard case .failure(.remote(let name, _)) = outcome else {
                Issue.record("write \(key) was accepted: \(outcome)")
                continue
            }
            #expect(name == Tips1.Error.datastore.rawValue)
        }
        #expect(try service.tips.moodLogCount() == successes)
        #expect(try service.tips.exportMoods().arrayValue?.count == Int(successes))
        #expect(service.answersPing())
    }

    /// `count` clients, each on a connection of its own, log a mood at once; returns once every reply is in (keyed by
    /// the client's index).
    static func logMoodAtOnce(from count: Int, on service: RunningService) throws -> Outcomes {
        let clients = try (0..<count).map { _ in try DBusConnection(address: service.bus.address) }
        let outcomes = Outcomes()
        for (index, client) in clients.enumerated() {
            try GroupCommitTests.send(
                Tips1.Method.logMood.name, [.string("good"), .vardict([])], on: client, key: "\(index)", into: outcomes)
        }
        for client in clients { client.flush() }
        #expect(GroupCommitTests.pump(clients) { outcomes.all.count == count })
        withExtendedLifetime(clients) {}
        return outcomes
    }
}
