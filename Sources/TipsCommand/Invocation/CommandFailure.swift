/// Why a command could not do what was asked: the message to print and the status to exit with.
public struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// How the program exits.
    public let status: ExitStatus
    /// A sentence without the program's name, user values in single quotes.
    public let message: String

    /// Creates a failure.
    public init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A command line that cannot run.
    public static func usage(_ message: String) -> CommandFailure {
        CommandFailure(.usage, message)
    }

    /// The message.
    public var description: String { message }
}
