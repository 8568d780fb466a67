/// Every series once per round, the order rotated each round, so that drift (a warming cache, a busy neighbour, a
/// datastore growing) and any effect of one call on the next fall on every series alike.
struct InterleavedRun {
    /// The series, in table order.
    let series: [any RoundTrip]

    /// Makes `warmup` rounds (each answer checked, times discarded), then `rounds` measured rounds.
    ///
    /// - Parameter progress: Told when the measured rounds start.
    /// - Returns: Each series' round trips, in the order measured, in the order of `series`.
    /// - Throws: What a series throws, or ``BenchError/interrupted(_:)`` between round trips.
    func run(rounds: Int, warmup: Int, progress: (String) -> Void) throws(BenchError) -> [[Duration]] {
        for round in 0..<warmup {
            try makeRound(round, checking: true) { _, _ in }
        }
        progress("measuring \(rounds) rounds of \(series.count) round trips")
        var samples = Array(repeating: [Duration](), count: series.count)
        for index in samples.indices {
            samples[index].reserveCapacity(rounds)
        }
        for round in 0..<rounds {
            try makeRound(warmup + round, checking: round == 0) { index, elapsed in samples[index].append(elapsed) }
        }
        return samples
    }

    private func makeRound(
        _ round: Int, checking: Bool, record: (Int, Duration) -> Void
    ) throws(BenchError) {
        for offset in series.indices {
            try Interruption.check()
            let index = (round + offset) % series.count
            record(index, try series[index].measure(checking: checking))
        }
    }
}
