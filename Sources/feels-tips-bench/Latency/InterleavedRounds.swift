/// Every series once a round, in an order shuffled afresh each round, so that drift (a warming cache, a neighbour's
/// build, a datastore growing) and the effect of one call on the next (a write's flush) fall on every series alike;
/// a fixed order would give each series the same neighbour every round.
struct InterleavedRounds {
    /// One series: its name in errors, and one timed round trip, checking the answer when asked.
    typealias Series = (label: String, measure: (_ checking: Bool) throws(BenchError) -> Duration)

    /// The series.
    let series: [Series]

    /// Makes `warmup` rounds (every answer checked, the times discarded), then `rounds` measured rounds.
    ///
    /// - Returns: Each series' round trips, in the order of `series`.
    /// - Throws: What a series throws, or ``BenchError/interrupted(_:)`` between round trips.
    func run(rounds: Int, warmup: Int) throws(BenchError) -> [[Duration]] {
        var order = Array(series.indices)
        var samples = series.map { _ in [Duration]() }
        for round in 0..<(warmup + rounds) {
            order.shuffle()
            for index in order {
                try Interruption.check()
                let elapsed = try series[index].measure(round < warmup || round == warmup)
                if round >= warmup { samples[index].append(elapsed) }
            }
        }
        return samples
    }
}
