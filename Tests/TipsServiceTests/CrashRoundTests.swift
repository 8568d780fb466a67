import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The service killed with SIGKILL at random moments while several clients stream writes and reads: after each
/// restart every acknowledged call is in the datastore, SQLite's integrity check passes, and the counts agree with
/// the journal. `FEELS_RELIABILITY_ROUNDS` sets the number of rounds (10 here; `scripts/soak` runs 100).
@Suite("Crashes at any instant")
struct CrashRoundTests {
    static let rounds = ProcessInfo.processInfo.environment["FEELS_RELIABILITY_ROUNDS"].flatMap(Int.init) ?? 10
    static let moods = ["horrible", "bad", "average", "good", "great"]

    @Test func everyAcknowledgedCallSurvivesSIGKILLAtRandomMomentsAndTheCountsAgreeWithTheJournal() throws {
        let service = try RunningService()
        var acknowledgedMoods = 0
        var acknowledgedCalls = 0
        var invalidated = false
        for round in 1...Self.rounds {
            let writers = (0..<3).map { stream in
                CallStream(address: service.bus.address) { index in
                    .init(.logMood, [.string(Self.moods[(index + stream) % Self.moods.count]), .vardict([])])
                } check: { _, reply in
                    reply.first?.uint32Value == nil ? "LogMood answered \(reply)" : nil
                }
            }
            let others = CallStream(address: service.bus.address) { index in
                switch index % 6 {
                case 0: .init(.settingsViewed)
                case 1: .init(.presentTip, [.string("TimeViewTip"), Tips1.PresentOptions().encoded])
                case 2: .init(.presentNextTip, [.string(""), Tips1.PresentOptions().encoded])
                case 3: .init(.invalidateTip, [.string("AIInsightsTip"), .string("tip-closed")])
                case 4: .init(.updateStreak, [.uint32(UInt32(index % 5))])
                default:
                    .init(.presentTip, [.string("CustomizeLayoutTip"), Tips1.PresentOptions(record: false).encoded])
                }
            }
            let readers = CallStream(address: service.bus.address) { index in
                .init(.getTips, [.strings(index % 2 == 0 ? ["SiriShortcutTip"] : []), Tips1.GetTipsOptions().encoded])
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.6))
            let pid = try #require(service.servicePID)
            kill(pid, SIGKILL)
            _ = service.stop()
            let tallies = (writers + [others, readers]).map { $0.finish() }
            let context = Comment(rawValue: "round \(round): \(tallies.map(\.acknowledged))")
            #expect(tallies.allSatisfy { $0.wrong.isEmpty }, context)
            acknowledgedMoods += writers.map { $0.current.acknowledged(.logMood) }.reduce(0, +)
            acknowledgedCalls += tallies.map { $0.acknowledged.values.reduce(0, +) }.reduce(0, +)
            invalidated = invalidated || others.current.acknowledged(.invalidateTip) > 0

            // The file as the killed service left it (the datastore keeps TipKit's spelling of reasons), WAL included, read by SQLite itself.
            #expect(try TipKitOnTheBusTests.query(service.datastore, "PRAGMA integrity_check") == "ok", context)
            let journal = try #require(
                Int(try TipKitOnTheBusTests.query(service.datastore, "SELECT count(*) FROM moods")))
            let counted = try TipKitOnTheBusTests.query(
                service.datastore, "SELECT mood_log_count, has_logged_moods FROM parameters")
            #expect(counted == "\(journal)|\(journal)", context)
            // Every acknowledged mood is there; at most one unanswered call per writer may have been made durable too.
            #expect(journal >= acknowledgedMoods && journal <= acknowledgedMoods + 3 * round, context)
            acknowledgedMoods = journal
            if invalidated {
                #expect(
                    try TipKitOnTheBusTests.query(
                        service.datastore, "SELECT invalidation FROM tips WHERE id = 'AIInsightsTip'") == "tipClosed",
                    context)
            }

            try service.start()
            #expect(try service.tips.moodLogCount() == UInt32(journal), context)
            #expect(try service.tips.exportMoods().arrayValue?.count == journal, context)
        }
        ReliabilityReport.record(
            "crash rounds: \(Self.rounds) SIGKILLs, \(acknowledgedCalls) calls acknowledged, \(acknowledgedMoods) moods "
                + "in the journal at the end, every acknowledged one kept, integrity_check ok every round")
    }
}
