/// A command line that cannot be run; the message names the option or value at fault.
struct BenchUsageError: Error, CustomStringConvertible {
    /// What is wrong, without the program name.
    let description: String

    /// An error saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
