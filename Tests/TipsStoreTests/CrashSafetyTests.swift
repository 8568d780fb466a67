import Foundation
import Testing
import TipsCore
import TipsStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Crash safety")
struct CrashSafetyTests {
    /// How many times the writer is killed, each time continuing the same datastore.
    static let rounds = 5

    @Test func everyAcknowledgedMoodSurvivesTheWriterBeingKilledAtRandom() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            var logged = 0
            for round in 1...Self.rounds {
                let killAfter = Int.random(in: 3...250)
                let delay = UInt32.random(in: 0...3_000)
                let context: Comment = "round \(round): killed \(delay) µs after ack \(killAfter)"

                let writer = try WriterProcess(path: path, count: 1_000_000)
                var acknowledged = 0
                while acknowledged < killAfter, let ack = try writer.nextAck() {
                    acknowledged = ack
                }
                guard acknowledged == killAfter else {
                    let ending = writer.waitForExit()
                    Issue.record("the writer \(ending) after \(acknowledged) acks: \(writer.errorOutput())")
                    return
                }
                usleep(delay)
                // Acks written before the kill count too.
                acknowledged = try writer.killAndCollectAcks().last ?? acknowledged

                let datastore = try TipsDatastore(path: path)
                let count = try datastore.load().parameters.moodLogCount
                let journal = try datastore.moodJournal()
                #expect(count >= logged + acknowledged, context)
                #expect(journal.count == count, context)
                #expect(try datastore.load().parameters.hasLoggedMoods == count, context)
                let firstWrong = journal.indices.first { journal[$0] != writerEntry(number: $0 + 1) }
                #expect(
                    firstWrong == nil,
                    "journal entry \((firstWrong ?? 0) + 1) is not the mood logged; \(context.rawValue)")
                logged = count
            }
        }
    }
}
