/// A parsed `feels-tips` command line: the command and the options that apply to every command.
///
/// Options may come before or after the command's words; `--` ends the options, so that what follows is taken as
/// words even when it starts with `-`.
public struct Invocation: Equatable, Sendable {
    /// What to do.
    public var command: Command
    /// Print JSON instead of text (`--json`).
    public var json = false
    /// The bus to use instead of the session bus (`--address`).
    public var address: String?
    /// Do not ask for confirmation (`--yes`, `-y`, `--no-ask`).
    public var assumeYes = false

    /// An invocation of `command` with the default options.
    public init(command: Command) {
        self.command = command
    }

    /// Reads the arguments after the program name.
    ///
    /// - Parameter arguments: The arguments, such as `["--json", "why", "TimeViewTip"]`.
    /// - Throws: A ``CommandFailure`` with ``ExitStatus/usage`` naming the word or option at fault.
    public init(parsing arguments: [String]) throws(CommandFailure) {
        var words: [String] = []
        var wantsHelp = false
        var wantsVersion = false
        var json = false
        var address: String?
        var assumeYes = false
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                words.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            func noValue() throws(CommandFailure) {
                if inlineValue != nil { throw .usage("option '\(name)' takes no value") }
            }
            switch name {
            case "--json":
                try noValue()
                json = true
            case "--address":
                guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
                    throw .usage("option '--address' needs a bus address, such as 'unix:path=/run/user/1000/bus'")
                }
                address = value
            case "-y", "--yes", "--no-ask":
                try noValue()
                assumeYes = true
            case "-h", "--help":
                try noValue()
                wantsHelp = true
            case "--version":
                try noValue()
                wantsVersion = true
            default:
                throw .usage("unknown option '\(name)'")
            }
        }
        let command: Command
        if wantsHelp {
            // `help --help` is help's own help; `--help help why` is why's.
            let topicWords = words.first == "help" && words.count > 1 ? Array(words.dropFirst()) : words
            command = .help(topic: try Self.helpTopic(topicWords))
        } else if wantsVersion {
            command = .version
        } else {
            command = try Self.command(words)
        }
        self.init(command: command)
        self.json = json
        self.address = address
        self.assumeYes = assumeYes
    }

    /// `--name=value` as the name and the value; any other argument as itself.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The command the words name; none is `status`, as `hostnamectl` shows its status.
    private static func command(_ words: [String]) throws(CommandFailure) -> Command {
        guard let word = words.first else { return .status }
        guard let name = CommandName(rawValue: word) else { throw .usage("unknown command '\(word)'") }
        let arguments = Array(words.dropFirst())
        switch name {
        case .status:
            try expect(arguments, in: word, count: 0)
            return .status
        case .log:
            try expect(arguments, in: word, count: 1, naming: "a MOOD: horrible, bad, average, good or great")
            return .log(mood: arguments[0])
        case .tips:
            try expect(arguments, in: word, count: 0)
            return .tips
        case .show, .why:
            try expect(
                arguments, in: word, count: 1, naming: "a tip ID, such as TimeViewTip ('feels-tips tips' lists them)")
            return name == .show ? .show(id: arguments[0]) : .why(id: arguments[0])
        case .next:
            try expect(arguments, in: word, count: 0...1)
            return .next(location: arguments.first ?? "")
        case .invalidate:
            try expect(
                arguments, in: word, count: 2, naming: "a tip ID and a REASON (action-performed or tip-closed)")
            return .invalidate(id: arguments[0], reason: arguments[1])
        case .reset:
            try expect(arguments, in: word, count: 0)
            return .reset
        case .watch:
            try expect(arguments, in: word, count: 0)
            return .watch
        case .notifications:
            try expect(arguments, in: word, count: 0...1)
            switch arguments.first {
            case nil: return .notifications(enabled: nil)
            case "on": return .notifications(enabled: true)
            case "off": return .notifications(enabled: false)
            case let other?: throw .usage("'notifications' takes 'on' or 'off', not '\(other)'")
            }
        case .moods:
            return try moods(arguments)
        case .testing:
            return .testing(try testing(arguments))
        case .help:
            return .help(topic: try helpTopic(arguments))
        }
    }

    private static func moods(_ arguments: [String]) throws(CommandFailure) -> Command {
        guard let action = arguments.first else { throw .usage("'moods' needs 'export' or 'forget'") }
        try expect(Array(arguments.dropFirst()), in: "moods \(action)", count: 0)
        switch action {
        case "export": return .moodsExport
        case "forget": return .moodsForget
        default: throw .usage("'moods' takes 'export' or 'forget', not '\(action)'")
        }
    }

    private static func testing(_ arguments: [String]) throws(CommandFailure) -> TestingAction {
        let actions = "show-all, show ID..., hide-all, clear or frequency VALUE"
        guard let action = arguments.first else { throw .usage("'testing' needs one of \(actions)") }
        let rest = Array(arguments.dropFirst())
        switch action {
        case "show-all", "hide-all", "clear":
            try expect(rest, in: "testing \(action)", count: 0)
            return action == "show-all" ? .showAll : action == "hide-all" ? .hideAll : .clear
        case "show":
            guard !rest.isEmpty else { throw .usage("'testing show' needs one or more tip IDs") }
            return .show(ids: rest)
        case "frequency":
            try expect(
                rest, in: "testing frequency", count: 1,
                naming: "a VALUE: immediate, hourly, daily, weekly, monthly or a number of seconds")
            return .frequency(rest[0])
        default:
            throw .usage("'testing' takes \(actions), not '\(action)'")
        }
    }

    private static func helpTopic(_ words: [String]) throws(CommandFailure) -> CommandName? {
        guard let word = words.first else { return nil }
        guard let topic = CommandName(rawValue: word) else { throw .usage("unknown command '\(word)'") }
        return topic
    }

    private static func expect(
        _ arguments: [String], in command: String, count: Int, naming what: String = ""
    ) throws(CommandFailure) {
        if arguments.count < count { throw .usage("'\(command)' needs \(what)") }
        if arguments.count > count { throw .usage("'\(command)' does not take '\(arguments[count])'") }
    }

    private static func expect(
        _ arguments: [String], in command: String, count: ClosedRange<Int>
    ) throws(CommandFailure) {
        if arguments.count > count.upperBound {
            throw .usage("'\(command)' does not take '\(arguments[count.upperBound])'")
        }
    }
}
