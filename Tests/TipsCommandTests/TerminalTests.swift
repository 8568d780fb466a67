import BusTestSupport
import DBus
import Foundation
import Testing
import TipsCommand

/// On a terminal: colour only where it belongs (no-color.org), and the question before a change that cannot be
/// undone.
@Suite("On a terminal: colour and questions")
struct TerminalTests {
    static let escape = "\u{1B}["

    @Test func onATerminalStatusNamesAreColoured() throws {
        let service = try RunningService()
        let session = try Self.session(service, ["tips"], environment: ["TERM": "xterm", "NO_COLOR": nil])
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        #expect(session.transcript.contains("\(Self.escape)32mavailable\(Self.escape)0m"), "\(session.transcript)")
    }

    @Test(
        arguments: [
            ["TERM": "xterm", "NO_COLOR": "1"], ["TERM": "dumb", "NO_COLOR": nil],
            ["TERM": "xterm", "NO_COLOR": "yes"],
        ] as [[String: String?]])
    func noColorOrADumbTerminalGivesNoEscapeCodes(environment: [String: String?]) throws {
        let service = try RunningService()
        for arguments in [["tips"], ["why", "TimeViewTip"], [CommandName.status.rawValue], ["notifications"]] {
            let session = try Self.session(service, arguments, environment: environment)
            #expect(session.waitForExit() == 0, "\(session.transcript)")
            #expect(!session.transcript.contains("\u{1B}"), "\(arguments): \(session.transcript)")
        }
    }

    @Test func anEmptyNoColorIsUnset() throws {
        let service = try RunningService()
        let session = try Self.session(service, ["tips"], environment: ["TERM": "xterm", "NO_COLOR": ""])
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        #expect(session.transcript.contains(Self.escape))
    }

    @Test(arguments: [
        ["tips"], ["show", "TimeViewTip"], ["why", "SiriShortcutTip"], [CommandName.status.rawValue], ["next"],
    ])
    func outputThatIsNotATerminalHasNoEscapeCodes(arguments: [String]) throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        let result = try FeelsTips.run(arguments, on: service, environment: ["TERM": "xterm", "NO_COLOR": nil])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func resetAsksAndAnAnswerOfNoChangesNothing() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")
        let session = try Self.session(service, ["reset"])

        #expect(session.waitFor("[y/N] "), "\(session.transcript)")
        #expect(session.transcript.contains("Reset every tip, the display history and every parameter"))
        session.type("n\n")

        #expect(session.waitForExit() == 5, "\(session.transcript)")
        #expect(session.transcript.contains("feels-tips: Nothing was changed."))
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
        #expect(try service.tips.moodLogCount() == 1)
    }

    @Test func resetAsksAndAnAnswerOfYesResets() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")
        let session = try Self.session(service, ["reset"])

        #expect(session.waitFor("[y/N] "), "\(session.transcript)")
        session.type("YES\n")

        #expect(session.waitForExit() == 0, "\(session.transcript)")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
    }

    @Test func moodsForgetAsksNamingHowManyMoodsWouldGo() throws {
        let service = try RunningService()
        for mood in ["great", "bad"] {
            _ = try service.tips.logMood(mood: mood)
        }
        let declined = try Self.session(service, ["moods", "forget"])
        #expect(declined.waitFor("[y/N] "), "\(declined.transcript)")
        #expect(declined.transcript.contains("Erase every mood you logged (2 moods)"), "\(declined.transcript)")
        declined.type("\n")
        #expect(declined.waitForExit() == 5, "\(declined.transcript)")
        #expect(try service.tips.moodLogCount() == 2)

        let accepted = try Self.session(service, ["moods", "forget"])
        #expect(accepted.waitFor("[y/N] "), "\(accepted.transcript)")
        accepted.type("y\n")
        #expect(accepted.waitForExit() == 0, "\(accepted.transcript)")
        #expect(try service.tips.moodLogCount() == 0)
    }

    static func session(
        _ service: RunningService, _ arguments: [String], environment: [String: String?] = [:]
    ) throws -> TerminalSession {
        var merged: [String: String?] = ["XDG_CONFIG_HOME": FeelsTips.configHome(of: service)]
        merged.merge(environment) { $1 }
        return try TerminalSession(
            try builtProduct("feels-tips"), ["--address", service.bus.address] + arguments, environment: merged)
    }
}
