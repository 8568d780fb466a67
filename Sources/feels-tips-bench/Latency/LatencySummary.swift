/// The distribution of one series' round trips.
struct LatencySummary {
    /// The median, in microseconds.
    let median: Double
    /// The 90th percentile, in microseconds.
    let p90: Double
    /// The 99th percentile, in microseconds.
    let p99: Double
    /// The median of the last tenth of the rounds over the median of the first tenth: above 1 when the series
    /// slowed down as the run went on (a datastore growing, say).
    let drift: Double
    /// How many round trips were summarised.
    let count: Int

    /// Summarises round trips given in the order they were measured.
    ///
    /// Percentiles are nearest-rank: the smallest sample with at least that share of samples at or below it.
    init(samples: [Duration]) {
        count = samples.count
        let microseconds = samples.map(\.microseconds)
        let sorted = microseconds.sorted()
        median = Self.percentile(50, ofSorted: sorted)
        p90 = Self.percentile(90, ofSorted: sorted)
        p99 = Self.percentile(99, ofSorted: sorted)
        let tenth = max(1, microseconds.count / 10)
        let first = Self.percentile(50, ofSorted: microseconds.prefix(tenth).sorted())
        let last = Self.percentile(50, ofSorted: microseconds.suffix(tenth).sorted())
        drift = first > 0 ? last / first : 1
    }

    private static func percentile(_ percent: Int, ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = (percent * sorted.count + 99) / 100
        return sorted[max(rank, 1) - 1]
    }
}
