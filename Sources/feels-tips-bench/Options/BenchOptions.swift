import BusTestSupport
import Foundation

/// The command line of `feels-tips-bench`.
struct BenchOptions: Equatable {
    /// The `feels-tipsd` executable to measure.
    var daemon: String
    /// The `feels-tips-notifier` to measure idle, when one is built.
    var notifier: String?
    /// The C floor service (`tips-peerd`) every latency target is a ratio to; without it those targets are not
    /// measured.
    var peer: String?
    /// The library preloaded into the services of the slow-disk phase (`slow-flush.so`) to slow their flushes;
    /// without it that phase is not measured.
    var slowFlush: String?
    /// A `feels-tipsd` of an earlier build, measured beside this one in the same run for the A/B.
    var baseline: String?
    /// Whether `--quick` asked for the short run; it changes the defaults below.
    var quick = false
    /// Measured rounds of the single-call series; each round makes every call once.
    var rounds = 2000
    /// Measured rounds of the single-call series while the machine is kept busy.
    var busyRounds = 500
    /// Rounds made and checked first, then discarded.
    var warmup = 200
    /// How long each throughput and contention cell is measured, in all.
    var duration: Duration = .seconds(5)
    /// Into how many interleaved slices each throughput cell's duration is cut. Finer slices spread the disk's slow
    /// and fast spells over every cell: two copies of one build measured each other's rates at 0.90–1.18 × in 2 slices
    /// and 0.97–1.11 × in 10, one client's `LogMood` aside (0.56 and 1.00 ×; 1.07 and 1.24 ×), two runs each of the
    /// same 5 s a cell.
    var slices = 10
    /// How many passes the contention and slow-disk phases make, each reads alone then reads beside the writers, on
    /// every service started afresh.
    var passes = 6
    /// The same for the busy machine's throughput cells: with CPU-bound processes beside them, one client's rate moved
    /// by a quarter between two copies of one build in 2 slices, by 8 % in 10.
    var busySlices = 10
    /// Into how many draws the busy machine's single-call rounds are cut, every service started afresh between two:
    /// something a process draws as it starts decides a tenth of a busy call either way, so one process measures one
    /// draw (two copies of one build came out 0.89–1.12 × each other; 0.94–1.05 × in 25 draws).
    var busyDraws = 25
    /// How long the idle processes are watched.
    var idle: Duration = .seconds(60)
    /// Moods in the full journal.
    var moods = 100_000
    /// Starts of the daemon timed, on each journal.
    var starts = 20
    /// Calls made before resident memory is read again.
    var calls = 100_000
    /// The parts to run.
    var phases = Set(BenchPhase.allCases)
    /// Whether `--help` was given.
    var showsHelp = false

    /// Reads the arguments after the program name; `--name VALUE` and `--name=VALUE` are both accepted.
    ///
    /// `--quick` sets shorter defaults; options given explicitly win over them wherever they are.
    ///
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - defaultDaemon: Finds the daemon when `--daemon` is not given; called only then.
    /// - Throws: ``BenchUsageError`` naming the option or value at fault.
    init(parsing arguments: [String], defaultDaemon: () throws(BenchUsageError) -> String) throws(BenchUsageError) {
        self.daemon = ""
        var daemon: String?
        var explicit: [(inout BenchOptions) -> Void] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            func value() throws(BenchUsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw BenchUsageError("option '\(name)' needs a value") }
                return next
            }
            func flag() throws(BenchUsageError) {
                guard inlineValue == nil else { throw BenchUsageError("option '\(name)' takes no value") }
            }
            switch name {
            case "--daemon":
                daemon = try Self.path(try value(), of: name)
            case "--notifier":
                let path = try Self.path(try value(), of: name)
                explicit.append { $0.notifier = path }
            case "--peer":
                let path = try Self.executable(try value(), of: name)
                explicit.append { $0.peer = path }
            case "--slow-flush":
                let path = try Self.library(try value(), of: name)
                explicit.append { $0.slowFlush = path }
            case "--baseline":
                let path = try Self.executable(try value(), of: name)
                explicit.append { $0.baseline = path }
            case "--quick":
                try flag()
                quick = true
            case "--rounds":
                let count = try Self.count(try value(), of: name, minimum: 1)
                explicit.append { $0.rounds = count }
            case "--busy-rounds":
                let count = try Self.count(try value(), of: name, minimum: 1)
                explicit.append { $0.busyRounds = count }
            case "--warmup":
                let count = try Self.count(try value(), of: name, minimum: 0)
                explicit.append { $0.warmup = count }
            case "--seconds":
                let seconds = try Self.seconds(try value(), of: name)
                explicit.append { $0.duration = seconds }
            case "--slices":
                let count = try Self.count(try value(), of: name, minimum: 1, maximum: 100)
                explicit.append { $0.slices = count }
            case "--passes":
                let count = try Self.count(try value(), of: name, minimum: 1, maximum: 100)
                explicit.append { $0.passes = count }
            case "--busy-slices":
                let count = try Self.count(try value(), of: name, minimum: 1, maximum: 100)
                explicit.append { $0.busySlices = count }
            case "--busy-draws":
                let count = try Self.count(try value(), of: name, minimum: 1, maximum: 100)
                explicit.append { $0.busyDraws = count }
            case "--idle-seconds":
                let seconds = try Self.seconds(try value(), of: name)
                explicit.append { $0.idle = seconds }
            case "--moods":
                let count = try Self.count(try value(), of: name, minimum: 1)
                explicit.append { $0.moods = count }
            case "--starts":
                let count = try Self.count(try value(), of: name, minimum: 1, maximum: 1000)
                explicit.append { $0.starts = count }
            case "--calls":
                let count = try Self.count(try value(), of: name, minimum: 1)
                explicit.append { $0.calls = count }
            case "--phases":
                let phases = try Self.phases(try value())
                explicit.append { $0.phases = phases }
            case "--help", "-h":
                try flag()
                showsHelp = true
            default:
                throw BenchUsageError(
                    name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
        }
        if quick {
            rounds = 300
            busyRounds = 100
            warmup = 50
            duration = .milliseconds(500)
            slices = 1
            passes = 1
            busySlices = 1
            busyDraws = 4
            idle = .seconds(10)
            starts = 4
            calls = 20_000
        }
        for apply in explicit {
            apply(&self)
        }
        if showsHelp {
            self.daemon = daemon ?? ""
            return
        }
        let chosen: String
        if let daemon { chosen = daemon } else { chosen = try defaultDaemon() }
        guard FileManager.default.isExecutableFile(atPath: chosen) else {
            throw BenchUsageError(
                "'\(chosen)' is not an executable file; pass the feels-tipsd to measure with --daemon")
        }
        self.daemon = URL(fileURLWithPath: chosen).standardizedFileURL.path
        if let path = notifier {
            notifier = URL(fileURLWithPath: path).standardizedFileURL.path
        }
        if let notifier, !FileManager.default.isExecutableFile(atPath: notifier) {
            throw BenchUsageError("'\(notifier)' is not an executable file")
        }
        if peer == nil, !phases.isDisjoint(with: [.latency, .busy]) {
            throw BenchUsageError(
                "the single calls are measured against the C service: pass tips-peerd with --peer PATH "
                    + "(scripts/bench builds it), or leave the latency and busy phases out with --phases")
        }
        if slowFlush == nil, phases.contains(.slowDisk) {
            throw BenchUsageError(
                "the slowed disk is a preloaded library: pass slow-flush.so with --slow-flush PATH "
                    + "(scripts/bench builds it), or leave the slow-disk phase out with --phases")
        }
        if notifier == nil {
            let beside = URL(fileURLWithPath: chosen).deletingLastPathComponent()
                .appendingPathComponent("feels-tips-notifier").path
            if FileManager.default.isExecutableFile(atPath: beside) { notifier = beside }
        }
    }

    /// The `feels-tipsd` built beside this executable.
    ///
    /// - Throws: ``BenchUsageError`` when there is none, asking for `--daemon`.
    static func daemonBesideExecutable() throws(BenchUsageError) -> String {
        do { return try builtProduct("feels-tipsd") } catch {
            throw BenchUsageError("no feels-tipsd beside this executable; pass one with --daemon PATH")
        }
    }

    /// The arguments that reproduce these options, every one explicit.
    var arguments: [String] {
        var arguments = ["--daemon", daemon]
        if let notifier { arguments += ["--notifier", notifier] }
        if let peer { arguments += ["--peer", peer] }
        if let slowFlush { arguments += ["--slow-flush", slowFlush] }
        if let baseline { arguments += ["--baseline", baseline] }
        arguments += [
            "--rounds", String(rounds), "--busy-rounds", String(busyRounds), "--warmup", String(warmup),
            "--seconds", Self.text(duration),
            "--slices", String(slices), "--passes", String(passes), "--busy-slices", String(busySlices),
            "--busy-draws", String(busyDraws),
            "--idle-seconds", Self.text(idle),
            "--moods", String(moods),
            "--starts", String(starts), "--calls", String(calls),
        ]
        if phases != Set(BenchPhase.allCases) {
            arguments += ["--phases", phases.sorted().map(\.rawValue).joined(separator: ",")]
        }
        return arguments
    }

    private static let largestCount = 10_000_000

    private static func path(_ text: String, of name: String) throws(BenchUsageError) -> String {
        guard !text.isEmpty else { throw BenchUsageError("option '\(name)' needs a path") }
        return text
    }

    /// The absolute path of the executable `text` names.
    private static func executable(_ text: String, of name: String) throws(BenchUsageError) -> String {
        let path = URL(fileURLWithPath: try Self.path(text, of: name)).standardizedFileURL.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchUsageError("option '\(name)': '\(text)' is not an executable file")
        }
        return path
    }

    /// The absolute path of the readable file `text` names: a library to preload.
    private static func library(_ text: String, of name: String) throws(BenchUsageError) -> String {
        let path = URL(fileURLWithPath: try Self.path(text, of: name)).standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: path), !Self.isDirectory(path) else {
            throw BenchUsageError("option '\(name)': '\(text)' is not a readable file")
        }
        return path
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The programs measured: this build, then the C service and the baseline when given, and with both a second C
    /// service for the baseline's bus.
    var subjects: [Subject] {
        var subjects = [Subject(role: .build, path: daemon)]
        if let peer { subjects.append(Subject(role: .peer, path: peer)) }
        if let baseline { subjects.append(Subject(role: .baseline, path: baseline)) }
        if let peer, baseline != nil { subjects.append(Subject(role: .peerBesideBaseline, path: peer)) }
        return subjects
    }

    private static func count(
        _ text: String, of name: String, minimum: Int, maximum: Int = largestCount
    ) throws(BenchUsageError) -> Int {
        guard let count = Int(text), count >= minimum, count <= maximum else {
            throw BenchUsageError(
                "option '\(name)' needs a whole number from \(minimum) to \(maximum), not '\(text)'")
        }
        return count
    }

    private static func seconds(_ text: String, of name: String) throws(BenchUsageError) -> Duration {
        guard let seconds = Double(text), seconds >= 0.1, seconds <= 3600 else {
            throw BenchUsageError("option '\(name)' needs a number of seconds from 0.1 to 3600, not '\(text)'")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    private static func phases(_ text: String) throws(BenchUsageError) -> Set<BenchPhase> {
        var phases = Set<BenchPhase>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let phase = BenchPhase(rawValue: String(name)) else {
                let known = BenchPhase.allCases.map(\.rawValue).joined(separator: ", ")
                throw BenchUsageError("option '--phases' knows \(known); not '\(name)'")
            }
            phases.insert(phase)
        }
        return phases
    }

    private static func text(_ duration: Duration) -> String {
        let milliseconds = Int((duration.microseconds / 1000).rounded())
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `--help` prints.
    static let help = """
        Usage: feels-tips-bench [--daemon PATH] [--peer PATH] [--slow-flush PATH] [--baseline PATH]
                                [--quick] [OPTIONS]

        Measure feels-tipsd on private buses against floors measured in the same run, and print
        each figure with its ratio, the target it is held to and whether it is met: single calls
        against the C service's same calls on the same bus (interleaved rounds), quiet and with as
        many CPU-bound processes as cores running; throughput with 1, 4, 16 and 64 clients, and
        LogMood's with 1 and 16 on the busy machine; reads while 16 writers run (also with every
        fdatasync slowed by 500 ms, a preloaded library); an empty journal against a full one; exec to
        the name owned; resident memory; idle wake-ups (of feels-tips-notifier too, when it is
        built beside feels-tipsd). With --baseline, an earlier build's feels-tipsd is measured
        beside this one in every part, and an A/B table says which figures got worse. Everything
        it starts is stopped and removed at exit. Progress goes to stderr, the report to stdout.

        Options:
          --daemon PATH        The feels-tipsd to measure (default: the one beside this executable)
          --peer PATH          tips-peerd, the C service every latency target is a ratio to
                               (scripts/bench builds it); without it those targets are not measured
          --slow-flush PATH    slow-flush.so, preloaded to slow every flush of the slow-disk phase
                               (scripts/bench builds it)
          --baseline PATH      An earlier build's feels-tipsd to compare with in the same run (A/B)
          --notifier PATH      The feels-tips-notifier to watch idle (default: beside the daemon)
          --quick              A short run, a few minutes: the defaults in brackets
          --rounds N           Measured rounds of single calls (default: 2000 [300])
          --busy-rounds N      The same on the busy machine (default: 500 [100])
          --warmup N           Rounds made and checked first, not measured (default: 200 [50])
          --seconds S          Measured time of each throughput and contention cell (default: 5 [0.5])
          --slices N           Interleaved slices each throughput cell's time is cut into (default: 10 [1])
          --passes N           Passes of the contention and slow-disk phases, every service started afresh
                               before each but the first (default: 6 [1])
          --busy-slices N      The same for the busy machine's throughput cells (default: 10 [1])
          --busy-draws N       Draws the busy machine's single-call rounds are cut into, every service started
                               afresh between two, after 30 rounds unmeasured (default: 25 [4])
          --idle-seconds S     How long the idle processes are watched (default: 60 [10])
          --moods N            Moods in the full journal (default: 100000)
          --starts N           Timed starts on each journal (default: 20 [4])
          --calls N            Calls made before memory is read again (default: 100000 [20000])
          --phases LIST        Only these, comma-separated: latency, throughput, busy, contention,
                               slow-disk, startup, journal, memory, idle (default: all)
          -h, --help           Print this help and exit
        """
}
