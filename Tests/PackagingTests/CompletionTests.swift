import BusTestSupport
import DBus
import Foundation
import Testing
import TipsCommand
import TipsInterface

/// The bash, zsh and fish completions in `completions/`: what they offer where, and that it is what the programs
/// and the service accept.
@Suite("Shell completions")
struct CompletionTests {
    static let commands = CommandName.allCases.map(\.rawValue)
    static let tips = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip", "TimeViewTip",
        "MoodStreakTip",
    ]
    static let locations = ["CustomizeContentView", "InsightsView", "SettingsContentView", "DayView"]
    static let moods = ["horrible", "bad", "average", "good", "great"]
    static let reasons = ["action-performed", "tip-closed"]
    static let frequencies = ["immediate", "hourly", "daily", "weekly", "monthly"]

    /// A command line, its last word at the cursor, and what bash and fish offer there.
    struct Case: Sendable, CustomTestStringConvertible {
        let words: [String]
        let expected: [String]
        var testDescription: String { words.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ") }
        init(_ words: [String], _ expected: [String]) {
            self.words = words
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case(["feels-tips", ""], commands),
        Case(["feels-tips", "lo"], ["log"]),
        Case(["feels-tips", "log", ""], moods),
        Case(["feels-tips", "log", "g"], ["good", "great"]),
        Case(["feels-tips", "log", "great", ""], []),
        Case(["feels-tips", "--json", "show", ""], tips),
        Case(["feels-tips", "why", "Time"], ["TimeViewTip"]),
        Case(["feels-tips", "next", ""], locations),
        Case(["feels-tips", "next", "DayView", ""], []),
        Case(["feels-tips", "invalidate", ""], tips),
        Case(["feels-tips", "invalidate", "TimeViewTip", ""], reasons),
        Case(["feels-tips", "notifications", ""], ["on", "off"]),
        Case(["feels-tips", "moods", ""], ["export", "forget"]),
        Case(["feels-tips", "testing", ""], ["show-all", "show", "hide-all", "clear", "frequency"]),
        Case(["feels-tips", "testing", "show", "TimeViewTip", ""], tips),
        Case(["feels-tips", "testing", "frequency", ""], frequencies),
        Case(["feels-tips", "help", ""], commands),
        Case(["feels-tips", "--address", "unix:path=/tmp/bus", "next", "D"], ["DayView"]),
        Case(["feels-tips", "--address=unix:path=/tmp/bus", "--yes", "re"], ["reset"]),
        Case(["feels-tips", "--address", ""], []),
        Case(["feels-tips", "--json"], ["--json"]),
        Case(["feels-tipsd", "--display-frequency", ""], frequencies),
        Case(["feels-tipsd", "--intro"], ["--introspect"]),
    ]

    @Test(arguments: cases)
    func bashOffers(_ example: Case) throws {
        #expect(try Completion.bash(example.words).sorted() == example.expected.sorted())
    }

    @Test(arguments: cases)
    func fishOffers(_ example: Case) throws {
        #expect(try Completion.fish(example.words).sorted() == example.expected.sorted())
    }

    @Test func everyCompletionFileIsValidShell() throws {
        for program in try Repository.programs() {
            for (shell, file) in [
                ("bash", "completions/bash/\(program)"), ("zsh", "completions/zsh/_\(program)"),
                ("fish", "completions/fish/\(program).fish"),
            ] {
                let result = try runTool(shell, ["-n", Repository.path(file)])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(file): \(result.stderr)")
            }
        }
    }

    @Test func theCommandsOfferedAreTheOnesTheHelpLists() throws {
        let listed = try ProgramHelp("feels-tips").commands
        #expect(listed.sorted() == Self.commands.sorted())
        #expect(try Completion.bash(["feels-tips", ""]).sorted() == listed.sorted())
        #expect(try Completion.fish(["feels-tips", ""]).sorted() == listed.sorted())
        let zsh = try Repository.text("completions/zsh/_feels-tips")
        for command in listed {
            #expect(zsh.contains("'\(command):"), "_feels-tips does not describe '\(command)'")
        }
    }

    @Test func everyOptionTheHelpNamesIsOffered() throws {
        for program in try Repository.programs() {
            let options = try ProgramHelp(program).options
            #expect(!options.isEmpty, "\(program) --help names no option")
            let bash = try Completion.bash([program, "-"])
            let fish = try Completion.fish([program, "-"])
            let zsh = try Repository.text("completions/zsh/_\(program)")
            for option in options {
                #expect(bash.contains(option), "bash does not offer \(program) \(option)")
                #expect(fish.contains(option), "fish does not offer \(program) \(option)")
                #expect(zsh.contains(option), "zsh does not offer \(program) \(option)")
            }
        }
    }

    @Test func theTipIdsAndLocationsOfferedAreTheServices() throws {
        let service = try RunningService()
        let listed = try service.tips.getTips(ids: [])
        let ids = listed.map(\.id)
        let locations = Set(listed.map(\.location))
        #expect(ids.sorted() == Self.tips.sorted())
        #expect(locations == Set(Self.locations))
        #expect(try Completion.bash(["feels-tips", "show", ""]).sorted() == ids.sorted())
        #expect(try Completion.fish(["feels-tips", "show", ""]).sorted() == ids.sorted())
        #expect(Set(try Completion.bash(["feels-tips", "next", ""])) == locations)
        #expect(Set(try Completion.fish(["feels-tips", "next", ""])) == locations)
        let zsh = try Repository.text("completions/zsh/_feels-tips")
        for word in ids + Array(locations) + Self.moods + Self.reasons + Self.frequencies {
            #expect(zsh.contains(word), "_feels-tips does not offer \(word)")
        }
    }

    @Test func theMoodsReasonsAndFrequenciesOfferedAreAccepted() throws {
        let service = try RunningService()
        for mood in try Completion.bash(["feels-tips", "log", ""]) {
            let refusal = try service.errorName { client throws(DBusError) in _ = try client.logMood(mood: mood) }
            #expect(refusal == nil, "LogMood refuses \(mood)")
        }
        for reason in try Completion.bash(["feels-tips", "invalidate", "TimeViewTip", ""]) {
            let refusal = try service.errorName { client throws(DBusError) in
                try client.invalidateTip(id: "TimeViewTip", reason: reason)
            }
            #expect(refusal == nil, "InvalidateTip refuses \(reason)")
        }
        for frequency in try Completion.bash(["feels-tips", "testing", "frequency", ""]) {
            #expect(throws: Never.self, "SetDisplayFrequency refuses \(frequency)") {
                try service.testing.setDisplayFrequency(frequency: frequency)
            }
        }
    }
}
