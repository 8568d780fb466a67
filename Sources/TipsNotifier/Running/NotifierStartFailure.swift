/// Why `feels-tips-notifier` could not start: the line it logs as an error before it exits with status 1.
public struct NotifierStartFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line to log, without the program's name.
    public let description: String

    /// A failure that logs `description`.
    public init(_ description: String) {
        self.description = description
    }
}
