import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// Many clients at once, and many moods: every reply right, the counts exact, memory on a plateau.
/// `FEELS_RELIABILITY_SCALE` multiplies the work (1 here; `scripts/soak` runs 10).
@Suite("Load")
struct LoadTests {
    static let scale = ProcessInfo.processInfo.environment["FEELS_RELIABILITY_SCALE"].flatMap(Int.init) ?? 1

    /// The calls of one client of the mixed load: reads, writes, property reads, and a signal subscription.
    static func mixedCall(_ index: Int, client: Int) -> CallStream.Call? {
        guard index < 500 else { return nil }
        switch index % 10 {
        case 0, 5: return .init(.logMood, [.string(["good", "great", "bad"][client % 3]), .vardict([])])
        case 1: return .init(.getTips, [.strings(["SiriShortcutTip"]), .vardict([])])
        case 2: return .init(.getTips, [.strings([]), Tips1.GetTipsOptions(location: "DayView").encoded])
        case 3: return .init(.presentNextTip, [.string(""), .vardict([])])
        case 4: return .property(.moodLogCount)
        case 6: return .init(.getTips, [.strings([]), Tips1.GetTipsOptions(languages: ["de"]).encoded])
        case 7:
            return .subscription(
                "type='signal',sender='\(Tips1.busName.rawValue)',member='\(Tips1.Signal.tipChanged.rawValue)',"
                    + "arg0='T\(index)'")
        case 8: return .init(.presentTip, [.string("TimeViewTip"), Tips1.PresentOptions(record: false).encoded])
        default: return .property(.nextDisplayTime)
        }
    }

    /// What is wrong with the reply to one call of the mixed load; `nil` when it is right.
    static func problem(with call: CallStream.Call, _ reply: [DBusValue]) -> String? {
        switch call.method {
        case .logMood?: return reply.first?.uint32Value == nil ? "\(reply)" : nil
        case .getTips?:
            guard let tips = try? reply.first?.dictionaries(Tips1.Tip.init(decoding:)) else { return "\(reply)" }
            let ids = call.arguments.first?.stringArrayValue ?? []
            let options = try? call.arguments.last?.dictionary(Tips1.GetTipsOptions.init(decoding:))
            if !ids.isEmpty { return tips.map(\.id) == ids ? nil : "\(tips.map(\.id))" }
            if let location = options?.location {
                return !tips.isEmpty && tips.allSatisfy { $0.location == location } ? nil : "\(tips.map(\.id))"
            }
            return tips.count == 7 ? nil : "\(tips.count) tips"
        case .presentTip?, .presentNextTip?: return reply.count == 2 ? nil : "\(reply)"
        default:
            return call.member == "AddMatch"
                ? (reply.isEmpty ? nil : "\(reply)") : (reply.count == 1 ? nil : "\(reply)")
        }
    }

    @Test func thirtyTwoClientsOfFiveHundredMixedCallsEachGetEveryReplyRightAndExactCounts() throws {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        let streams = (0..<32).map { client in
            CallStream(address: service.bus.address) { index in
                Self.mixedCall(index, client: client)
            } check: { call, reply in
                Self.problem(with: call, reply)
            }
        }
        let tallies = streams.map { $0.finish(timeout: .seconds(120)) }
        #expect(tallies.allSatisfy { $0.errors.isEmpty }, "\(tallies.map(\.errors).filter { !$0.isEmpty })")
        #expect(tallies.allSatisfy { $0.wrong.isEmpty }, "\(tallies.flatMap(\.wrong).prefix(5))")
        let acknowledged: Int = tallies.map { $0.acknowledged.values.reduce(0, +) }.reduce(0, +)
        #expect(acknowledged == 32 * 500)
        #expect(try service.tips.moodLogCount() == 32 * 100)
        #expect(try service.tips.exportMoods().arrayValue?.count == 32 * 100)
        ReliabilityReport.record(
            "load: 32 clients x 500 mixed calls, \(acknowledged) acknowledged, no error, counts exact")
        #expect(service.answersPing())
    }

    // 138,000 moods once grew the service from 24.9 to 27.4 MB, SQLite's page cache filling; it is bounded at 2 MiB.
    @Test func residentMemoryReachesAPlateauAsTheJournalGrows() throws {
        let service = try RunningService()
        let pid = try #require(service.servicePID)
        let moodsPerStep = 2_500 * Self.scale
        var resident: [Int] = []
        for _ in 0..<4 {
            let streams = (0..<4).map { _ in
                CallStream(address: service.bus.address) { index in
                    index < moodsPerStep / 4 ? .init(.logMood, [.string("good"), .vardict([])]) : nil
                }
            }
            let tallies = streams.map { $0.finish(timeout: .seconds(300)) }
            #expect(tallies.allSatisfy { $0.errors.isEmpty })
            resident.append(try #require(ProcessStatus(pid: pid).residentKiB))
        }
        #expect(try service.tips.moodLogCount() == UInt32(4 * moodsPerStep))
        ReliabilityReport.record(
            "memory over \(4 * moodsPerStep) moods: VmRSS after each quarter \(resident.map { "\($0) kB" })")
        // After the first step warms the caches, memory holds: less than 2 MiB more over three more steps.
        #expect(resident[3] - resident[1] < 2_048, "resident kB after each step: \(resident)")
    }
}

/// The service stopped (SIGSTOP) under load, then continued: callers time out cleanly, nothing is lost, nothing is
/// applied twice. `FEELS_RELIABILITY_STOP_SECONDS` sets how long (3 here; `scripts/soak` stops it for 30).
@Suite("A stopped service")
struct StoppedServiceTests {
    static let seconds = ProcessInfo.processInfo.environment["FEELS_RELIABILITY_STOP_SECONDS"].flatMap(Double.init) ?? 3

    @Test func callersTimeOutCleanlyAndEveryCallIsAppliedOnceWhenItContinues() throws {
        let service = try RunningService()
        let pid = try #require(service.servicePID)
        let client = try DBusConnection(address: service.bus.address)
        let impatient = Tips1Client(connection: client, timeout: .milliseconds(500))
        try service.tips.logMood(mood: "good")
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        // kill(2) returns before every thread has stopped: the thread the signal wakes starts the group stop, and on
        // a loaded machine another thread could still run before the stop reached it.
        try #require(Self.waitUntilStopped(pid), "every thread of the service is stopped")
        var timedOut = 0
        let deadline = ContinuousClock.now + .seconds(Self.seconds)
        while ContinuousClock.now < deadline {
            do throws(DBusError) {
                try impatient.logMood(mood: "great")
                Issue.record("a stopped service answered")
            } catch {
                guard case .remote(let name, _) = error else { throw error }
                #expect(name == "org.freedesktop.DBus.Error.NoReply")
                timedOut += 1
            }
        }
        kill(pid, SIGCONT)
        // Every call that timed out was still delivered, and is applied once when the service continues.
        let expected = UInt32(1 + timedOut)
        var applied: UInt32?
        let settled = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < settled, applied != expected {
            applied = try service.tips.moodLogCount()
            if applied != expected { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(applied == expected, "\(timedOut) calls timed out")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try service.tips.moodLogCount() == expected, "nothing is applied twice")
        #expect(try service.tips.exportMoods().arrayValue?.count == Int(expected))
        ReliabilityReport.record(
            "stopped \(Self.seconds) s: \(timedOut) calls timed out (NoReply), each applied once when it continued")
        client.close()
    }

    /// Waits up to 5 s until every thread of `pid` is stopped (`T` in /proc/PID/task/TID/stat); false if not.
    static func waitUntilStopped(_ pid: Int32) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            let states = tasks.map { task in
                // The state follows the command's name, which is in parentheses and may hold any character.
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)) ?? ""
                return stat.lastIndex(of: ")").flatMap { stat[$0...].dropFirst().first { $0 != " " } }
            }
            if !states.isEmpty, states.allSatisfy({ $0 == "T" }) { return true }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return false
    }
}
