import BusTestSupport

extension ChildProcess {
    /// What the process wrote to stderr so far, on one line, for an error message.
    var log: String {
        lines(of: .standardError).joined(separator: " / ")
    }
}
