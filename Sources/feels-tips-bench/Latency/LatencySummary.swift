/// The median and the 99th percentile of some durations, in microseconds.
struct LatencySummary {
    /// The median.
    let median: Double
    /// The 99th percentile.
    let p99: Double

    /// Summarises `samples`; percentiles are nearest-rank, and 0 when there are none.
    init(_ samples: [Duration]) {
        let sorted = samples.map(\.microseconds).sorted()
        func percentile(_ percent: Int) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return sorted[max((percent * sorted.count + 99) / 100, 1) - 1]
        }
        median = percentile(50)
        p99 = percentile(99)
    }
}
