import FeelsSystem
import TipsCore

/// The command line of `feels-tipsd`.
public struct DaemonOptions: Equatable, Sendable {
    /// What the invocation asks for.
    public enum Action: Equatable, Sendable {
        /// Serve `org.feels.Tips`.
        case serve
        /// Print the interface XML and exit.
        case introspect
        /// Print the version and exit.
        case version
        /// Print the help and exit.
        case help
    }

    /// What to do.
    public var action: Action = .serve
    /// The datastore's path; `nil` for the default under `$XDG_DATA_HOME`.
    public var datastore: String?
    /// The global display frequency.
    public var displayFrequency: DisplayFrequency = .daily
    /// A bus address to connect to instead of the session bus.
    public var address: String?
    /// Whether to serve TipKit's testing switches (`org.feels.Tips1.Testing`).
    public var testing = false

    /// The options of a plain invocation.
    public init() {}

    /// Reads the arguments after the program name; `--name VALUE` and `--name=VALUE` are both accepted.
    ///
    /// - Throws: ``UsageError`` naming the option or value at fault.
    public init(parsing arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError("option '\(name)' needs a value") }
                return next
            }
            switch name {
            case "--datastore":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("option '--datastore' needs a path") }
                datastore = path
            case "--display-frequency":
                let text = try value()
                do { displayFrequency = try DisplayFrequency(parsing: text) } catch {
                    throw UsageError(error.description)
                }
            case "--address":
                address = try value()
            case "--testing":
                testing = true
            case "--introspect", "--version", "--help", "-h":
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                action = name == "--introspect" ? .introspect : name == "--version" ? .version : .help
            default:
                throw UsageError(name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(argument)'")
            }
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `--help` prints.
    public static let help = """
        Usage: feels-tipsd [OPTIONS]

        Serve org.feels.Tips on the session bus: the Feels app's tips, the rules that decide
        which tip a user is ready for, and the state they need, kept in a datastore.

        Options:
          --datastore PATH           Keep state in PATH
                                     (default: $XDG_DATA_HOME/feels/tips.sqlite)
          --display-frequency VALUE  How long after a tip first appears before another may:
                                     immediate, hourly, daily, weekly, monthly, or a whole
                                     number of seconds (default: daily)
          --address ADDRESS          Use the bus at ADDRESS instead of the session bus
          --testing                  Also serve TipKit's testing switches, for testing apps:
                                     the interface org.feels.Tips1.Testing
          --introspect               Print the interfaces' XML and exit
          --version                  Print the version and exit
          -h, --help                 Print this help and exit

        Try: busctl --user call org.feels.Tips /org/feels/Tips org.feels.Tips1 LogMood sa{sv} great 0
        """
}
