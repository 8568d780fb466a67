import FeelsSystem

/// Runs one parsed `feels-tips` command: calls the service, writes text or JSON to standard output.
///
/// Nothing here logs; failures are thrown for the executable to report.
public struct CommandRunner {
    /// The command and its options.
    public let invocation: Invocation
    /// The environment, terminal and output.
    public let context: CommandContext
    /// Colour, or plain text.
    public let style: TextStyle

    /// A runner for `invocation` in `context`.
    public init(invocation: Invocation, context: CommandContext) {
        self.invocation = invocation
        self.context = context
        self.style = TextStyle(
            isTerminal: context.outputIsTerminal && !invocation.json, environment: context.environment)
    }

    /// Runs the command.
    ///
    /// - Returns: The status to exit with, and a notice for standard error, if any.
    /// - Throws: ``CommandFailure`` with the message and the status.
    public func run() throws(CommandFailure) -> CommandOutcome {
        LocalTime.prepare()
        switch invocation.command {
        case .help(let topic): return help(topic)
        case .version: return version()
        case .status: return try status()
        case .log(let mood): return try log(mood)
        case .tips: return try tips()
        case .show(let id): return try show(id)
        case .why(let id): return try why(id)
        case .next(let location): return try next(location)
        case .invalidate(let id, let reason): return try invalidate(id, reason: reason)
        case .reset: return try reset()
        case .watch: return try watch()
        case .notifications(let enabled): return try notifications(enabled)
        case .moodsExport: return try exportMoods()
        case .moodsForget: return try forgetMoods()
        case .testing(let action): return try testing(action)
        }
    }

    // MARK: - Shared by the commands

    /// A connection to the bus `--address` names, or to the session bus.
    func client() throws(CommandFailure) -> TipsClient {
        try TipsClient(address: invocation.address, environment: context.environment)
    }

    /// Writes text as it is.
    func write(_ text: String) {
        context.write(text)
    }

    /// Writes a JSON document, indented, and a newline.
    func writeJSON(_ value: JSONValue) {
        context.write(value.encoded(pretty: true) + "\n")
    }

    /// Writes `json` with `--json`, else `text()`.
    func output(json: @autoclosure () -> JSONValue, text: () -> String) {
        if invocation.json {
            writeJSON(json())
        } else {
            write(text())
        }
    }

    /// Refuses a change that asks first when it cannot ask: standard input is not a terminal and `--yes` was not
    /// given. Call before touching the bus, so that a refusal changes nothing.
    ///
    /// - Parameter action: What is refused: `reset every tip`.
    /// - Throws: ``ExitStatus/usage`` when no question can be asked.
    func requireConfirmation(toRefuse action: String) throws(CommandFailure) {
        guard !invocation.assumeYes, !context.inputIsTerminal else { return }
        throw .usage("refusing to \(action) without confirmation: standard input is not a terminal; add --yes")
    }

    /// Asks before a change that cannot be undone, unless `--yes` was given.
    ///
    /// - Parameter question: The question, without ` [y/N]`.
    /// - Returns: Whether the answer was y or yes (in any letter case); the end of the input is no.
    func confirmed(_ question: String) -> Bool {
        guard !invocation.assumeYes else { return true }
        let answer = context.ask("\(question) [y/N] ") ?? ""
        return ["y", "yes"].contains(answer.trimmingSpaces.lowercased())
    }

    /// What a declined question ends with.
    static let declined = CommandOutcome(.declined, notice: "Nothing was changed.")

    // MARK: - Help and version

    private func help(_ topic: CommandName?) -> CommandOutcome {
        write(CommandHelp.text(for: topic))
        return .success
    }

    private func version() -> CommandOutcome {
        write("feels-tips \(FeelsTipsVersion.current)\n")
        return .success
    }
}
