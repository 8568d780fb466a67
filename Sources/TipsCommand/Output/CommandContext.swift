import FeelsSystem
import Glibc

/// Everything of the system a command touches besides the bus: the environment, the terminal, standard output, and
/// the question it may ask.
public struct CommandContext {
    /// The variables a command reads: `DBUS_SESSION_BUS_ADDRESS`, `XDG_RUNTIME_DIR`, `TERM`, `NO_COLOR`,
    /// `XDG_CONFIG_HOME`, `HOME`.
    public var environment: [String: String]
    /// Whether standard output is a terminal (for colour).
    public var outputIsTerminal: Bool
    /// Whether standard input is a terminal (whether a question can be asked).
    public var inputIsTerminal: Bool
    /// Writes text to standard output at once, not buffered, so that `watch` lines reach a pipe as they happen.
    public var write: (String) -> Void
    /// Asks a question on standard error and reads the answer, a line of standard input; `nil` at its end.
    public var ask: (String) -> String?

    /// The process's own: its environment, descriptors 0, 1 and 2.
    public static func system() -> CommandContext {
        CommandContext(
            environment: ProcessEnvironment.values(
                ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "TERM", "NO_COLOR", "XDG_CONFIG_HOME", "HOME"]),
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            write: { FileOutput.write($0, to: STDOUT_FILENO) },
            ask: { question in
                FileOutput.write(question, to: STDERR_FILENO)
                return readLine(strippingNewline: true)
            })
    }

}
