/// How a command ended when it did not fail: the status to exit with, and a line for standard error, if any.
public struct CommandOutcome: Equatable, Sendable {
    /// The exit status: ``ExitStatus/success``, or ``ExitStatus/nothingToShow`` and ``ExitStatus/declined``.
    public var status: ExitStatus
    /// A sentence for standard error that is not the command's output: "No tip to show now.", for one.
    public var notice: String?

    /// An outcome.
    public init(_ status: ExitStatus = .success, notice: String? = nil) {
        self.status = status
        self.notice = notice
    }

    /// The command did what was asked.
    public static let success = CommandOutcome()
}
