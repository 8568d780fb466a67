import BusTestSupport
import Foundation

/// The command line of `feels-tips-bench`.
struct BenchOptions: Equatable {
    /// The `feels-tipsd` executable to measure.
    var daemon: String
    /// Measured rounds; each round makes every call once.
    var rounds = 2000
    /// Rounds made and checked first, then discarded.
    var warmup = 200
    /// Whether `--help` was given.
    var showsHelp = false

    /// Reads the arguments after the program name; `--name VALUE` and `--name=VALUE` are both accepted.
    ///
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - defaultDaemon: Finds the daemon when `--daemon` is not given; called only then.
    /// - Throws: ``BenchUsageError`` naming the option or value at fault.
    init(parsing arguments: [String], defaultDaemon: () throws(BenchUsageError) -> String) throws(BenchUsageError) {
        var daemon: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            func value() throws(BenchUsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw BenchUsageError("option '\(name)' needs a value") }
                return next
            }
            switch name {
            case "--daemon":
                let path = try value()
                guard !path.isEmpty else { throw BenchUsageError("option '--daemon' needs a path") }
                daemon = path
            case "--rounds":
                rounds = try Self.count(try value(), of: name, minimum: 1)
            case "--warmup":
                warmup = try Self.count(try value(), of: name, minimum: 0)
            case "--help", "-h":
                guard inlineValue == nil else { throw BenchUsageError("option '\(name)' takes no value") }
                showsHelp = true
            default:
                throw BenchUsageError(
                    name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
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
        self.daemon = chosen
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
        ["--daemon", daemon, "--rounds", String(rounds), "--warmup", String(warmup)]
    }

    private static let largestCount = 10_000_000

    private static func count(_ text: String, of name: String, minimum: Int) throws(BenchUsageError) -> Int {
        guard let count = Int(text), count >= minimum, count <= largestCount else {
            throw BenchUsageError(
                "option '\(name)' needs a whole number from \(minimum) to \(largestCount), not '\(text)'")
        }
        return count
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `--help` prints.
    static let help = """
        Usage: feels-tips-bench [--daemon PATH] [--rounds N] [--warmup N]

        Measure round trips to feels-tipsd on a private bus, against the floor of the same
        bus: org.freedesktop.DBus.Peer.Ping to the same service. Starts a private dbus-daemon
        and feels-tipsd on it (fresh temporary datastore, --display-frequency immediate), makes
        every call once per round, interleaved, and prints the median, p90 and p99 of each with
        its ratio to Ping's median. Everything it starts is stopped and removed at exit.

        Options:
          --daemon PATH   The feels-tipsd to measure (default: the one beside this executable)
          --rounds N      Measured rounds (default: 2000)
          --warmup N      Rounds made and checked first, not measured (default: 200)
          -h, --help      Print this help and exit
        """
}

/// A command line that cannot be run; the message names the option or value at fault.
struct BenchUsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, without the program name.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
