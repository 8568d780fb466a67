/// A command line that cannot be run; the message names the option or value at fault.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, without the program name.
    public let description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}
