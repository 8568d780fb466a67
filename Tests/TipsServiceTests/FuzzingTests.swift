import BusTestSupport
import Foundation
import Testing

/// The real service under random messages from tips-fuzz: every call is answered, with a method return or an error
/// D-Bus or the contract names, nothing crashes, the counts are right afterwards, and a clean stop keeps them.
@Suite("Random messages on the bus")
struct FuzzingTests {
    @Test func fiveThousandRandomMessagesAreEachAnsweredAndTheCountsStayRight() throws {
        let fuzz = try runTool(
            try builtProduct("tips-fuzz"), ["--messages", "5000", "--seed", "20260909"], timeout: .seconds(600))
        #expect(fuzz.status == 0, "\(fuzz.stdout)\(fuzz.stderr)")
        #expect(fuzz.stdout.contains("messages in"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("missing: 0"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("replies D-Bus and the contract do not allow: 0"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("sanitizer reports in the service's log: none"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.hasSuffix("tips-fuzz: passed\n"), "\(fuzz.stdout)")
    }

    @Test func theSameSeedSendsTheSameMessages() throws {
        let fuzzer = try builtProduct("tips-fuzz")
        let runs = try (0..<2).map { _ in
            try runTool(fuzzer, ["--messages", "300", "--seed", "7", "--large-every", "0"], timeout: .seconds(300))
        }
        // The figures that follow from the messages alone: how many calls, replies and refusals of each kind.
        let figures = runs.map { run in
            run.stdout.split(separator: "\n").filter {
                $0.hasPrefix("  calls expecting") || $0.hasPrefix("  replies:") || $0.hasPrefix("    ")
            }
        }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stdout))")
        #expect(figures[0] == figures[1])
        #expect(!figures[0].isEmpty)
    }
}
