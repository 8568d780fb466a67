import FeelsSystem

/// The command line of `feels-tips-notifier`.
public struct NotifierOptions: Equatable, Sendable {
    /// What the invocation asks for.
    enum Action: Equatable, Sendable {
        /// Show tips as notifications until stopped.
        case run
        /// Print the version and exit.
        case version
        /// Print the help and exit.
        case help
    }

    /// What to do.
    var action: Action = .run
    /// A bus address to use instead of the session bus, for the notifier and for GSettings.
    var address: String?
    /// Show what is due now, wait briefly for the user's answer, then exit.
    var once = false

    /// The options of a plain invocation.
    init() {}

    /// Reads the arguments after the program name; `--address VALUE` and `--address=VALUE` are both accepted.
    ///
    /// - Throws: ``UsageError`` naming the option or value at fault.
    init(parsing arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            switch name {
            case "--address":
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("option '--address' needs a value")
                }
                guard !value.isEmpty else { throw UsageError("option '--address' needs a bus address") }
                address = value
            case "--once", "--version", "--help", "-h":
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                switch name {
                case "--once": once = true
                case "--version": action = .version
                default: action = .help
                }
            default:
                throw UsageError(
                    name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `--help` prints.
    static let help = """
        Usage: feels-tips-notifier [OPTIONS]

        Show the Feels tip you are ready for as a desktop notification, at most one new
        tip per display window (daily unless feels-tipsd says otherwise), at a moment you
        are at the screen. Clicking it opens the Feels app at the tip, where the tip lives.

        Options:
          --once             Show what is due now, wait a few seconds for your answer, exit
          --address ADDRESS  Use the bus at ADDRESS instead of the session bus
          --version          Print the version and exit
          -h, --help         Print this help and exit

        Turn tip notifications off: 'Enabled=false' under [Notifications] in
        $XDG_CONFIG_HOME/feels/notifier.conf (~/.config/feels/notifier.conf), or the
        notification's "Turn off tips" button.
        """
}
