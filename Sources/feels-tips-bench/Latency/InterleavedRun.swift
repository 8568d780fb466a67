/// Every series once per round, in an order shuffled afresh each round, so that drift (a warming cache, a busy
/// neighbour, a datastore growing) and any effect of one call on the next (a write's work after its reply, a flush)
/// fall on every series alike. A fixed order merely rotated would give each series the same neighbour every round:
/// Ping measured right after a flush, say.
struct InterleavedRun {
    /// The series, in table order.
    let series: [any RoundTrip]

    /// Makes `warmup` rounds (each answer checked, times discarded), then `rounds` measured rounds.
    ///
    /// - Parameters:
    ///   - draws: Into how many equal runs of rounds the measured rounds are cut.
    ///   - drawWarmup: Rounds made and discarded after each `redraw`, as after the warm-up.
    ///   - redraw: What changes between two draws (the services started again).
    ///   - checkWarmup: Run after the warm-up rounds, to check what they left (a reply sent twice, say).
    ///   - progress: Told when the measured rounds start.
    /// - Returns: Each series' round trips, in the order measured, in the order of `series`.
    /// - Throws: What a series or `redraw` throws, or ``BenchError/interrupted(_:)`` between round trips.
    func run(
        rounds: Int, warmup: Int, draws: Int = 1, drawWarmup: Int = 0, redraw: () throws(BenchError) -> Void = {},
        checkWarmup: () throws(BenchError) -> Void = {}, progress: (String) -> Void
    ) throws(BenchError) -> [[Duration]] {
        var order = RoundOrder(count: series.count)
        for _ in 0..<warmup {
            try makeRound(order.next(), checking: true) { _, _ in }
        }
        try checkWarmup()
        progress("measuring \(rounds) rounds of \(series.count) round trips")
        var samples = Array(repeating: [Duration](), count: series.count)
        for index in samples.indices {
            samples[index].reserveCapacity(rounds)
        }
        let draws = max(1, min(draws, rounds))
        for round in 0..<rounds {
            if round > 0, round * draws / rounds != (round - 1) * draws / rounds {
                try redraw()
                for _ in 0..<drawWarmup {
                    try makeRound(order.next(), checking: true) { _, _ in }
                }
            }
            try makeRound(order.next(), checking: round == 0) { index, elapsed in samples[index].append(elapsed) }
        }
        return samples
    }

    private func makeRound(
        _ order: [Int], checking: Bool, record: (Int, Duration) -> Void
    ) throws(BenchError) {
        for index in order {
            try Interruption.check()
            record(index, try series[index].measure(checking: checking))
        }
    }
}

/// The order of each round: a permutation of the series, shuffled by a generator with a fixed seed, so that a run
/// can be repeated call for call.
struct RoundOrder {
    private var order: [Int]
    private var generator = SplitMix(seed: 0x4645_454C_5354_4950)

    /// Orders for `count` series.
    init(count: Int) {
        order = Array(0..<count)
    }

    /// The next round's order.
    mutating func next() -> [Int] {
        order.shuffle(using: &generator)
        return order
    }
}

/// SplitMix64: a small, fast generator whose sequence depends only on its seed.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
