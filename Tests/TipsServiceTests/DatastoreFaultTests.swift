import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// A datastore that cannot take a write, and input that cannot be taken: the service refuses the request, keeps
/// serving, and loses nothing it acknowledged.
@Suite("Faults: a full datastore and bad input")
struct DatastoreFaultTests {
    /// Runs the service with files limited to 64 KiB (bash counts 1024-byte blocks) and SIGXFSZ ignored, so a write
    /// past the limit fails with EFBIG instead of killing the process: room for the datastore and a few moods. Only
    /// the soft limit is set, so that `prlimit` can lift it again without privileges.
    static let fileSizeLimit = ["/bin/bash", "-c", "ulimit -S -f 64; trap '' XFSZ; exec \"$0\" \"$@\""]

    @Test func aDatastoreThatCannotTakeAWriteIsReportedAndNothingAcknowledgedIsLost() throws {
        let service = try RunningService(launcher: Self.fileSizeLimit)
        let (successes, refusal) = try Self.logMoodsUntilRefused(on: service)

        let (name, message) = try #require(refusal, "200 moods fitted in the limit")
        #expect(successes > 0)
        #expect(name == Tips1.Error.datastore.rawValue)
        #expect(message.contains("'\(service.datastore)'"), "\(message)")
        #expect(try service.tips.moodLogCount() == successes)
        #expect(try service.tips.hasLoggedMoods() == successes)
        #expect(service.answersPing())
        #expect(try service.status("SiriShortcutTip") == (successes >= 3 ? "available" : "pending"))
        #expect(try service.tips.getTips(ids: []).count == 7)

        // The same request again needs the same room, so it is refused again; a refusal changes and announces nothing.
        // (A smaller write, such as SettingsViewed's, may still fit under the limit, and rightly succeeds.)
        // A tip read before it is read as before (its rule shows the mood count), though its reply was marshalled
        // again for the write while the disk was tried.
        let read = try service.tips.getTips(ids: ["SiriShortcutTip"])
        service.clearSignals()
        #expect(try service.errorName { try $0.logMood(mood: "great") } == Tips1.Error.datastore.rawValue)
        #expect(!service.waitForSignals(timeout: .milliseconds(300)) { !$0.isEmpty }, "\(service.changedProperties)")
        #expect(try service.tips.moodLogCount() == successes)
        #expect(try service.tips.getTips(ids: ["SiriShortcutTip"]) == read)

        service.launcher = []
        #expect(service.stop() == .exited(0))
        try service.start()
        #expect(try service.tips.moodLogCount() == successes)
        #expect(try service.tips.logMood(mood: "great") == successes + 1)
    }

    @Test func aDatastoreThatCanTakeWritesAgainIsUsedWithoutARestart() throws {
        let service = try RunningService(launcher: Self.fileSizeLimit)
        let (successes, refusal) = try Self.logMoodsUntilRefused(on: service)
        try #require(refusal != nil, "200 moods fitted in the limit")
        let pid = try #require(service.daemon?.pid)

        let lifted = try runTool("prlimit", ["--pid", "\(pid)", "--fsize=unlimited:"])
        try #require(lifted.status == 0, "\(lifted.stderr)")

        // The refused transaction was rolled back: the next one commits, and a tip read before shows it (its rule
        // holds the mood count).
        _ = try service.tips.getTips(ids: ["SiriShortcutTip"])
        #expect(try service.tips.logMood(mood: "great") == successes + 1)
        let rule = try #require(try service.tips.getTips(ids: ["SiriShortcutTip"]).first?.rules.first)
        #expect(rule.value == .uint32(successes + 1))
        #expect(try service.call(.settingsViewed) == [])
        #expect(service.stop() == .exited(0))
        service.launcher = []
        try service.start()
        #expect(try service.tips.moodLogCount() == successes + 1)
        #expect(try service.tips.hasSeenSettings())
    }

    @Test func aMegabyteMoodIsRefusedWithAShortMessageAndTheServiceKeepsServing() throws {
        let service = try RunningService()
        let huge = String(repeating: "x", count: 1 << 20)
        do throws(DBusError) {
            try service.tips.logMood(mood: huge)
            Issue.record("a 1 MiB mood was accepted")
        } catch {
            guard case .remote(let name, let message) = error else { throw error }
            #expect(name == Tips1.Error.invalidMood.rawValue)
            #expect(message.count < 200, "a \(message.count)-character message")
        }
        #expect(service.answersPing())
        #expect(try service.tips.moodLogCount() == 0)
    }

    @Test func aWrongSignatureIsRefusedWithInvalidArgsAndTheServiceKeepsServing() throws {
        let service = try RunningService()
        let reply = try service.busctlCall(.logMood, "u", "5")
        #expect(reply.status != 0)
        #expect(try service.errorName(of: .logMood, [.uint32(5)]) == RunningService.invalidArgs)
        #expect(try service.errorName(of: .logMood) == RunningService.invalidArgs)
        // 0.1.0's call, the mood without the options, is refused rather than guessed at.
        #expect(try service.errorName(of: .logMood, [.string("good")]) == RunningService.invalidArgs)
        #expect(service.answersPing())
        #expect(try service.tips.logMood(mood: "good") == 1)
    }

    // MARK: - Helpers

    /// Logs moods until the service refuses one (at most 200), checking each reply's count.
    ///
    /// - Returns: How many were acknowledged, and the refusal's error name and message.
    static func logMoodsUntilRefused(
        on service: RunningService
    ) throws -> (successes: UInt32, refusal: (name: String, message: String)?) {
        var successes: UInt32 = 0
        for _ in 0..<200 {
            do throws(DBusError) {
                let count = try service.tips.logMood(mood: "good")
                successes += 1
                #expect(count == successes)
            } catch {
                guard case .remote(let name, let message) = error else { throw error }
                return (successes, (name, message))
            }
        }
        return (successes, nil)
    }
}
