import Glibc

/// The command line of `tips-fuzz`.
struct FuzzOptions {
    /// How many messages to send.
    var messages = 100_000
    /// The seed; a run with the same seed and build sends the same messages.
    var seed: UInt64
    /// One message in this many carries a string or array of several MiB; 0 for none.
    var largeEvery = 500
    /// Print progress to stderr every this many messages; 0 for none.
    var progressEvery = 0
    /// The bus of a service already running; `nil` to start one.
    var address: String?
    /// Whether `--help` was given.
    var showsHelp = false

    static let help = """
        Usage: tips-fuzz [OPTIONS]

        Sends random D-Bus messages to org.feels.Tips: the contract's methods as generated from
        dbus/org.feels.Tips1.xml (the testing switches too: a service it starts runs with --testing) with their
        declared arguments, the service's words and options dictionaries, or random bodies; the standard interfaces;
        unknown paths, interfaces and members; values of every type, nested to the limits and past them, now and then
        several MiB. Checks that every call expecting a reply gets one: a method return, or an error D-Bus or the
        contract names with a message of at most 1 KiB; that a method of org.feels.Tips1 called as declared returns its
        declared outputs; then that the service still answers Peer.Ping, that MoodLogCount and the journal match the
        LogMood calls acknowledged, and (for a service it started) that it stops cleanly on SIGTERM, comes back with
        every mood, and logged no sanitizer report. Exits 0 when all holds, 1 when not, 2 on a usage error.

        Options:
          --messages N       Messages to send (default 100000)
          --seed N           Seed of the random choices (default: from the clock; printed)
          --large-every N    One message in N carries a string or array of several MiB; 0 for none (default 500)
          --progress N       Print progress to stderr every N messages
          --address ADDRESS  Fuzz the service already on the bus at ADDRESS instead of the feels-tipsd beside
                             tips-fuzz on a private bus
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
            if argument == "-h" || argument == "--help" {
                showsHelp = true
                continue
            }
            guard ["--messages", "--seed", "--large-every", "--progress", "--address"].contains(argument) else {
                throw FuzzUsageError("unknown option '\(argument)'")
            }
            guard let value = remaining.popFirst() else { throw FuzzUsageError("option '\(argument)' needs a value") }
            func number(minimum: Int = 0) throws(FuzzUsageError) -> Int {
                guard let number = Int(value), number >= minimum else {
                    throw FuzzUsageError("'\(value)' is not a whole number of at least \(minimum) for '\(argument)'")
                }
                return number
            }
            switch argument {
            case "--messages": messages = try number(minimum: 1)
            case "--seed":
                guard let parsed = UInt64(value) else { throw FuzzUsageError("'\(value)' is not a seed") }
                seed = parsed
            case "--large-every": largeEvery = try number()
            case "--progress": progressEvery = try number()
            default: address = value
            }
        }
    }
}

/// A command line `tips-fuzz` cannot run.
struct FuzzUsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
