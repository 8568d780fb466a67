import BusTestSupport
import Foundation

/// The command line of `feels-tips-bench`: what to measure, and whether briefly.
struct BenchOptions {
    /// The `feels-tipsd` to measure.
    var daemon = ""
    /// The C sd-bus service (`tips-peerd`), the floor of most figures.
    var peer = ""
    /// A `feels-tipsd` of another build, measured beside this one in every figure.
    var baseline: String?
    /// The `feels-tips-notifier` to watch idle; without it the notifier's rows are not measured.
    var notifier: String?
    /// Whether `--quick` asked for the short run.
    var quick = false
    /// Whether `--help` was given.
    var showsHelp = false

    /// Measured single-call rounds, quiet, and beside a CPU-bound process per core.
    var rounds: (quiet: Int, busy: Int) { quick ? (300, 100) : (2000, 500) }
    /// Single-call rounds made and checked first, then discarded.
    var warmup: Int { quick ? 50 : 200 }
    /// How long the flooded reader reads, alone and then beside the flood.
    var floodTime: Duration { .seconds(quick ? 2 : 10) }
    /// Timed starts of each service.
    var starts: Int { quick ? 5 : 20 }
    /// How long the idle processes are watched.
    var idleTime: Duration { .seconds(quick ? 10 : 60) }

    /// Reads the arguments after the program name; `--name VALUE` and `--name=VALUE` are both accepted.
    ///
    /// - Throws: ``BenchError/usage(_:)`` naming the option or value at fault, or a program that is missing.
    init(parsing arguments: [String]) throws(BenchError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = argument.hasPrefix("--") ? parts[0] : argument
            let inline = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
            if ["--quick", "--help", "-h"].contains(name) {
                guard inline == nil else { throw BenchError.usage("option '\(name)' takes no value") }
                if name == "--quick" { quick = true } else { showsHelp = true }
                continue
            }
            guard ["--daemon", "--peer", "--baseline", "--notifier"].contains(name) else {
                throw BenchError.usage(
                    name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
            guard let text = inline ?? remaining.popFirst(), !text.isEmpty else {
                throw BenchError.usage("option '\(name)' needs a path")
            }
            let path = URL(fileURLWithPath: text).standardizedFileURL.path
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw BenchError.usage("option '\(name)': '\(text)' is not an executable file")
            }
            switch name {
            case "--daemon": daemon = path
            case "--peer": peer = path
            case "--baseline": baseline = path
            default: notifier = path
            }
        }
        guard !showsHelp else { return }
        if daemon.isEmpty {
            do { daemon = try builtProduct("feels-tipsd") } catch {
                throw BenchError.usage("no feels-tipsd beside this executable; pass one with --daemon PATH")
            }
        }
        guard !peer.isEmpty else {
            throw BenchError.usage("pass the C service, tips-peerd, with --peer PATH (scripts/bench builds it)")
        }
    }

    /// The text `--help` prints.
    static let help = """
        Usage: feels-tips-bench --peer PATH [--daemon PATH] [--baseline PATH] [--notifier PATH] [--quick]

        Measure feels-tipsd against the budgets of docs/BENCHMARKS.md, each beside a floor measured in
        the same run (mostly tips-peerd, a C sd-bus service doing the same work), and print one table.
        Everything it starts is stopped and removed at exit. Progress goes to stderr, the table to
        stdout. scripts/bench builds what it measures and runs it.

        Options:
          --peer PATH        tips-peerd, the C service (required)
          --daemon PATH      The feels-tipsd to measure (default: the one beside this executable)
          --baseline PATH    A feels-tipsd of another build, measured beside this one in every figure
          --notifier PATH    The feels-tips-notifier to watch idle (needs python3-dbusmock)
          --quick            A short run: fewer rounds, starts and idle seconds
          -h, --help         Print this help and exit
        """
}
