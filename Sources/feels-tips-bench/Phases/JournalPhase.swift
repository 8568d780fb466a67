/// `LogMood` and `GetTips` of one tip on a service with an empty journal against one with a full journal, each with its
/// own Ping, all six series (and a baseline's six) interleaved in the same rounds.
enum JournalPhase {
    /// Runs the rounds on every pair.
    ///
    /// - Throws: ``BenchError`` for a failed call or an interruption.
    static func run(
        on pairs: [JournalPair], options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        let rounds = max(100, options.rounds / 2)
        let warmup = options.warmup / 2
        let kinds: [CallKind] = [.ping, .logMood, .getTipsOne]
        // The disk's own state through the rounds, for reading LogMood's figures.
        let probe = try FlushProbe(path: pairs[0].empty.folder.appendingPathComponent("flush-probe").path)
        let series: [any RoundTrip] =
            pairs.flatMap { pair in
                let label = pairs.count > 1 ? ", \(pair.subject.label)" : ""
                return kinds.map { BusCall($0, on: pair.empty, label: "\($0.label), empty journal\(label)") }
                    + kinds.map { BusCall($0, on: pair.full, label: "\($0.label), \(pair.moods) moods\(label)") }
            } + [probe]
        progress("journal: \(rounds) rounds on an empty journal and a full one, interleaved")
        let samples = try InterleavedRun(series: series).run(rounds: rounds, warmup: warmup, progress: { _ in })
        let summaries = samples.map { LatencySummary(samples: $0) }
        var report = PhaseReport(title: "An empty journal against \(pairs[0].moods) moods")
        report.lines = LatencyTable.lines(
            zip(series, summaries).map { ($0.label, $1) }, floor: summaries[0].median, base: "Ping, empty")
        report.notes = [
            "Two services for each feels-tipsd, each on its own bus and datastore; one journal empty at the start (it "
                + "gains a mood a round), the other filled with \(pairs[0].moods) moods by sqlite3 while its service "
                + "was stopped. \(rounds) rounds after \(warmup) warm-up rounds."
        ]
        func figures(_ pair: Int) -> [Figure] {
            let first = pair * kinds.count * 2
            return kinds.indices.map { index in
                let empty = summaries[first + index].median
                let full = summaries[first + index + kinds.count].median
                return Figure(
                    "\(kinds[index].label) median, \(pairs[pair].moods) moods", full, "µs",
                    ratio: ContentionPhase.ratio(full, empty), to: "empty journal",
                    target: index == 0 ? nil : .ratioAtMost(1.1))
            }
        }
        report.figures = figures(0)
        if let baseline = pairs.firstIndex(where: { $0.subject.role == .baseline }) {
            report.baselineFigures = figures(baseline)
        }
        return report
    }
}
