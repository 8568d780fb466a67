import BusTestSupport
import Foundation
import Testing

/// The real service under random but well-formed messages from tips-fuzz: every call is answered as D-Bus's routing
/// requires, nothing crashes, the counts are right afterwards, and a clean stop keeps them.
@Suite("Random messages on the bus")
struct FuzzingTests {
    @Test func fiveThousandRandomMessagesAreEachAnsweredAndTheCountsStayRight() throws {
        let fuzz = try runTool(
            try builtProduct("tips-fuzz"), ["--messages", "5000", "--seed", "20260909"], timeout: .seconds(600))
        #expect(fuzz.status == 0, "\(fuzz.stdout)\(fuzz.stderr)")
        #expect(fuzz.stdout.contains("messages in"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("missing: 0"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("replies against the routing's rules: 0"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("sanitizer reports in the service's log: none"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.hasSuffix("tips-fuzz: passed\n"), "\(fuzz.stdout)")
    }

    @Test func theSameSeedSendsTheSameMessages() throws {
        let fuzzer = try builtProduct("tips-fuzz")
        let runs = try (0..<2).map { _ in
            try runTool(fuzzer, ["--messages", "300", "--seed", "7", "--large-every", "0"], timeout: .seconds(300))
        }
        // The figures that follow from the messages alone: how many of each error, how many bytes.
        let figures = runs.map { run in
            run.stdout.split(separator: "\n").filter { $0.contains("MiB in all") || $0.hasPrefix("    ") }
                .map {
                    $0.replacingOccurrences(of: #"in [0-9.]+ s \([0-9,]+/s\)"#, with: "", options: .regularExpression)
                }
        }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stdout))")
        #expect(figures[0] == figures[1])
        #expect(!figures[0].isEmpty)
    }
}
