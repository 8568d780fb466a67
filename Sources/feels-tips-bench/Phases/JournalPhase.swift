/// `LogMood` and `EligibleTips` on a service with an empty journal against one with a full journal, each with its
/// own Ping, all six series interleaved in the same rounds.
enum JournalPhase {
    /// Runs the rounds on both services.
    ///
    /// - Throws: ``BenchError`` for a failed call or an interruption.
    static func run(
        on pair: JournalPair, options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        let rounds = max(100, options.rounds / 2)
        let warmup = options.warmup / 2
        let kinds: [CallKind] = [.ping, .logMood, .eligibleTips]
        // The disk's own state through the rounds, for reading LogMood's figures.
        let probe = try FlushProbe(path: pair.empty.folder.appendingPathComponent("flush-probe").path)
        let series: [any RoundTrip] =
            kinds.map { BusCall($0, on: pair.empty.client, label: "\($0.label), empty journal") }
            + kinds.map { BusCall($0, on: pair.full.client, label: "\($0.label), \(pair.moods) moods") } + [probe]
        progress("journal: \(rounds) rounds on an empty journal and a full one, interleaved")
        let samples = try InterleavedRun(series: series).run(rounds: rounds, warmup: warmup, progress: { _ in })
        let summaries = samples.map { LatencySummary(samples: $0) }
        var report = PhaseReport(title: "An empty journal against \(pair.moods) moods")
        report.lines = LatencyTable.lines(
            zip(series, summaries).map { ($0.label, $1) }, floor: summaries[0].median, base: "Ping, empty")
        report.notes = [
            "Two services, each on its own bus and datastore; one journal empty at the start (it gains a mood a "
                + "round), the other filled with \(pair.moods) moods by sqlite3 while its service was stopped. "
                + "\(rounds) rounds after \(warmup) warm-up rounds."
        ]
        let names = ["Ping", "LogMood", "EligibleTips"]
        report.figures = kinds.indices.map { index in
            let empty = summaries[index].median
            let full = summaries[index + kinds.count].median
            return Figure(
                "\(names[index]) median, \(pair.moods) moods", full, "µs",
                ratio: ContentionPhase.ratio(full, empty), to: "empty journal",
                target: index == 0 ? nil : .ratioAtMost(1.1))
        }
        return report
    }
}
