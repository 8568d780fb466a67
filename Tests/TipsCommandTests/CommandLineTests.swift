import BusTestSupport
import FeelsSystem
import Foundation
import Testing

@testable import TipsCommand

/// The command line: what is understood, what is refused with status 2, and the help and version.
@Suite("The command line")
struct CommandLineTests {
    @Test(arguments: [
        (["log", "great"], Command.log(mood: "great")),
        (["next"], .next(location: "")),
        (["next", "DayView"], .next(location: "DayView")),
        (["notifications"], .notifications(enabled: nil)),
        (["notifications", "off"], .notifications(enabled: false)),
        (["testing", "show", "A", "B"], .testing(.show(ids: ["A", "B"]))),
        (["testing", "frequency", "3600"], .testing(.frequency("3600"))),
        (["moods", "export"], .moodsExport),
        ([], .status),
        (["help"], .help(topic: nil)),
        (["help", "moods", "export"], .help(topic: .moods)),
        (["why", "--help"], .help(topic: .why)),
        (["--help", "help", "why"], .help(topic: .why)),
        (["-h"], .help(topic: nil)),
        (["--version", "tips"], .version),
        (["log", "--", "-great"], .log(mood: "-great")),
    ])
    func wordsNameTheCommand(arguments: [String], command: Command) throws {
        #expect(try Invocation(parsing: arguments).command == command)
    }

    @Test func optionsMayComeBeforeOrAfterTheCommand() throws {
        let before = try Invocation(parsing: ["--json", "--address", "unix:path=/b", "-y", "reset"])
        let after = try Invocation(parsing: ["reset", "--address=unix:path=/b", "--no-ask", "--json"])
        for invocation in [before, after] {
            #expect(invocation.command == .reset)
            #expect(invocation.json)
            #expect(invocation.assumeYes)
            #expect(invocation.address == "unix:path=/b")
        }
        #expect(try Invocation(parsing: ["tips"]).json == false)
        #expect(try Invocation(parsing: ["reset"]).assumeYes == false)
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["log"], "'log' needs a MOOD: horrible, bad, average, good or great"),
        (["log", "great", "bad"], "'log' does not take 'bad'"),
        (["show"], "'show' needs a tip ID, such as TimeViewTip ('feels-tips tips' lists them)"),
        (["why", "A", "B"], "'why' does not take 'B'"),
        (["invalidate", "TimeViewTip"], "'invalidate' needs a tip ID and a REASON (action-performed or tip-closed)"),
        (["next", "DayView", "Now"], "'next' does not take 'Now'"),
        (["tips", "all"], "'tips' does not take 'all'"),
        (["reset", "now"], "'reset' does not take 'now'"),
        (["notifications", "maybe"], "'notifications' takes 'on' or 'off', not 'maybe'"),
        (["moods"], "'moods' needs 'export' or 'forget'"),
        (["moods", "delete"], "'moods' takes 'export' or 'forget', not 'delete'"),
        (["moods", "export", "all"], "'moods export' does not take 'all'"),
        (["testing"], "'testing' needs one of show-all, show ID..., hide-all, clear or frequency VALUE"),
        (["testing", "show"], "'testing show' needs one or more tip IDs"),
        (
            ["testing", "frequency"],
            "'testing frequency' needs a VALUE: immediate, hourly, daily, weekly, monthly or a number of seconds"
        ),
        (
            ["testing", "show-none"],
            "'testing' takes show-all, show ID..., hide-all, clear or frequency VALUE, not 'show-none'"
        ),
        (["--bogus"], "unknown option '--bogus'"),
        (["-x", "tips"], "unknown option '-x'"),
        (["--json=yes", "tips"], "option '--json' takes no value"),
        (["tips", "--address"], "option '--address' needs a bus address, such as 'unix:path=/run/user/1000/bus'"),
        (["help", "nothing"], "unknown command 'nothing'"),
        (["nothing", "--help"], "unknown command 'nothing'"),
    ])
    func aBadCommandLineExitsTwoWithAUsageMessage(arguments: [String], message: String) throws {
        let result = try FeelsTips.run(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "feels-tips: \(message)\nTry 'feels-tips --help' for more information.\n")
    }

    @Test func helpDescribesEveryCommandOptionAndExitStatus() throws {
        let result = try FeelsTips.run(["--help"], environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout == CommandHelp.overall + "\n")
        #expect(result.stdout.hasPrefix("Usage: feels-tips [OPTIONS] [COMMAND [ARGUMENTS]]\n"))
        for topic in CommandName.allCases {
            #expect(result.stdout.contains("\n  \(topic.rawValue)"), "the overall help lists '\(topic.rawValue)'")
        }
        for word in [
            "--json", "--address ADDRESS", "-y, --yes, --no-ask", "-h, --help", "--version", "NO_COLOR",
            "DBUS_SESSION_BUS_ADDRESS", "XDG_CONFIG_HOME", "TZ",
        ] {
            #expect(result.stdout.contains(word), "the overall help mentions '\(word)'")
        }
        for status in ExitStatus.allCases {
            #expect(result.stdout.contains("\n  \(status.rawValue)  "), "the overall help documents status \(status)")
        }
        for line in result.stdout.split(separator: "\n") {
            #expect(line.count <= 80, "longer than 80 columns: '\(line)'")
        }
    }

    @Test(arguments: CommandName.allCases)
    func eachCommandHasItsOwnHelpThreeWays(topic: CommandName) throws {
        let expected = CommandHelp.text(for: topic)
        #expect(expected.hasPrefix("Usage: feels-tips "))
        let name = topic.rawValue
        for arguments in [["help", name], [name, "--help"], ["-h", name]] {
            let result = try FeelsTips.run(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdout == expected)
        }
        for line in expected.split(separator: "\n") {
            #expect(line.count <= 80, "longer than 80 columns: '\(line)'")
        }
    }

    @Test func versionIsFeelsTipsdsVersion() throws {
        let version = try FeelsTips.run(["--version"], environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
        let daemon = try runTool(try builtProduct("feels-tipsd"), ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "feels-tips \(FeelsTipsVersion.current)\n")
        #expect(daemon.stdout == "feels-tipsd \(FeelsTipsVersion.current)\n")
    }
}
