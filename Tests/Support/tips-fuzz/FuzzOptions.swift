import Glibc

/// The command line of `tips-fuzz`.
struct FuzzOptions {
    /// How many messages to send.
    var messages = 100_000
    /// The seed; a run with the same seed and build sends the same messages.
    var seed: UInt64
    /// The most calls waiting for their replies at once (the bus allows 128 by default).
    var window = 16
    /// The largest string or array a message may carry.
    var largest = 8 << 20
    /// One message in this many carries a string or array of several MiB; 0 for none.
    var largeEvery = 500
    /// How long a call may wait for its reply.
    var timeout = Duration.seconds(120)
    /// Print progress to stderr every this many messages; 0 for none.
    var progressEvery = 0
    /// The daemon to start on a private bus; `nil` with `address`.
    var daemon: String?
    /// The bus of a service already running.
    var address: String?
    /// Whether `--help` was given.
    var showsHelp = false

    static let help = """
        Usage: tips-fuzz [OPTIONS]

        Sends random but well-formed D-Bus messages to org.feels.Tips: the contract's members as generated from
        dbus/org.feels.Tips1.xml (the testing switches too: a service it starts runs with --testing) with meaningful
        and random arguments and options dictionaries (known keys of their type or of another, unknown keys), the
        standard interfaces, unknown paths, interfaces and members, random bodies of every type, nested to the limits,
        now and then several MiB. Checks that the service introspects as the contract; that every call expecting a
        reply gets a method return or an error: the error D-Bus's routing rules require where they decide,
        InvalidArgs for an option of the wrong type, else a return or an error the contract names; that every method
        return holds the contract's outputs, dictionary keys and property types; then that the service still answers
        Peer.Ping, that MoodLogCount and the journal match the LogMood calls acknowledged, and (for a service it
        started) that it stops cleanly on SIGTERM, comes back with every mood, and logged no sanitizer report.
        Exits 0 when all holds, 1 when not, 2 on a usage error.

        Options:
          --messages N       Messages to send (default 100000)
          --seed N           Seed of the random choices (default: from the clock; printed)
          --window N         Calls waiting for their replies at once (default 16)
          --largest BYTES    Largest string or array in a message (default 8388608; the test bus takes 32 MiB)
          --large-every N    One message in N carries a string or array of up to --largest; 0 for none (default 500)
          --timeout SECONDS  How long a call may wait for its reply (default 120)
          --progress N       Print progress to stderr every N messages
          --daemon PATH      The feels-tipsd to start on a private bus (default: the one beside tips-fuzz)
          --address ADDRESS  Fuzz the service already on the bus at ADDRESS instead
          -h, --help         Print this help and exit
        """

    /// Reads the arguments after the program name.
    ///
    /// - Throws: A message naming the option or value at fault.
    init(parsing arguments: [String]) throws(FuzzUsageError) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        seed = UInt64(truncatingIfNeeded: time.tv_nsec) ^ UInt64(truncatingIfNeeded: time.tv_sec) << 20
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            func value() throws(FuzzUsageError) -> String {
                guard let next = remaining.popFirst() else {
                    throw FuzzUsageError("option '\(argument)' needs a value")
                }
                return next
            }
            func number(minimum: Int = 0) throws(FuzzUsageError) -> Int {
                let text = try value()
                guard let number = Int(text), number >= minimum else {
                    throw FuzzUsageError("'\(text)' is not a whole number of at least \(minimum) for '\(argument)'")
                }
                return number
            }
            switch argument {
            case "--messages": messages = try number(minimum: 1)
            case "--seed":
                let text = try value()
                guard let parsed = UInt64(text) else { throw FuzzUsageError("'\(text)' is not a seed") }
                seed = parsed
            case "--window": window = try number(minimum: 1)
            case "--largest": largest = try number(minimum: 64)
            case "--large-every": largeEvery = try number()
            case "--timeout": timeout = .seconds(try number(minimum: 1))
            case "--progress": progressEvery = try number()
            case "--daemon": daemon = try value()
            case "--address": address = try value()
            case "-h", "--help": showsHelp = true
            default: throw FuzzUsageError("unknown option '\(argument)'")
            }
        }
        if daemon != nil && address != nil {
            throw FuzzUsageError("'--daemon' and '--address' exclude each other")
        }
    }
}

/// A command line `tips-fuzz` cannot run.
struct FuzzUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
