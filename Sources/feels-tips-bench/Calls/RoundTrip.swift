/// One series of the bench: something timed once per round.
protocol RoundTrip {
    /// The name in the table, such as `GetTips, one tip`.
    var label: String { get }

    /// Makes the round trip once and returns how long it took.
    ///
    /// - Parameter checking: Whether to decode the answer and check it too (outside the timed part).
    /// - Throws: ``BenchError/call(_:_:)`` when it fails or answers something unexpected.
    func measure(checking: Bool) throws(BenchError) -> Duration
}
