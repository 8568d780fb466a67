/// A fixture could not do what a test asked of it (a tool failed, nothing to click), with what it saw.
struct FixtureFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
