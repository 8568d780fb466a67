/// Exec to the bus name owned: the daemon started again and again on an existing datastore with an empty journal
/// and on one with a full journal, in turn, each start timed from just before `posix_spawn` to the bus's
/// `NameOwnerChanged` reaching the bench.
enum StartupPhase {
    /// Times the starts.
    ///
    /// - Throws: ``BenchError`` for a failed start or an interruption.
    static func run(
        on pair: JournalPair, options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        progress("start-up: \(options.starts) starts on each journal, in turn")
        var empty: [Duration] = []
        var full: [Duration] = []
        var emptyWrite: [Duration] = []
        var fullWrite: [Duration] = []
        for start in 0..<options.starts {
            for fullFirst in start.isMultiple(of: 2) ? [false, true] : [true, false] {
                let service = fullFirst ? pair.full : pair.empty
                service.stopDaemon()
                let elapsed = try service.launch()
                // A write waits for whatever the service still does on its writer thread after taking the name.
                let write = try BusCall.make(.logMood, on: service.client, checking: true)
                let firstWrite = (service.launchedAt ?? write.start).duration(to: write.start + write.elapsed)
                if fullFirst {
                    full.append(elapsed)
                    fullWrite.append(firstWrite)
                } else {
                    empty.append(elapsed)
                    emptyWrite.append(firstWrite)
                }
            }
        }
        let emptySummary = LatencySummary(samples: empty)
        let fullSummary = LatencySummary(samples: full)
        let emptyWriteSummary = LatencySummary(samples: emptyWrite)
        let fullWriteSummary = LatencySummary(samples: fullWrite)
        var report = PhaseReport(title: "Start-up: exec to org.feels.Tips owned")
        let milliseconds = { (durations: [Duration]) in
            durations.map { LatencyTable.fixed($0.microseconds / 1000, 1) }.joined(separator: " ")
        }
        report.lines =
            TextTable(rows: [
                ["exec → name owned", "n", "median ms", "min ms", "max ms", "× empty"],
                row("empty journal", emptySummary, empty, base: emptySummary.median),
                row("\(pair.moods) moods", fullSummary, full, base: emptySummary.median),
                ["exec → first LogMood answered"],
                row("empty journal", emptyWriteSummary, emptyWrite, base: emptyWriteSummary.median),
                row("\(pair.moods) moods", fullWriteSummary, fullWrite, base: emptyWriteSummary.median),
            ]).lines + [
                "each start, empty (ms): " + milliseconds(empty),
                "each start, \(pair.moods) moods (ms): " + milliseconds(full),
            ]
        report.notes = [
            "Each start: SIGTERM to the running daemon and wait for it to exit, then posix_spawn it again on the same "
                + "datastore and wait for NameOwnerChanged, then call LogMood once: its answer is the first write "
                + "the service can make after what it still does at start. The full journal was written by sqlite3 in "
                + "\(LatencyTable.fixed(pair.fillTime.microseconds / 1e6, 2)) s, before the first start."
        ]
        report.figures = [
            Figure(
                "exec → name owned, median (empty journal)", emptySummary.median / 1000, "ms",
                target: .valueAtMost(50)),
            Figure(
                "exec → name owned, median (\(pair.moods) moods)", fullSummary.median / 1000, "ms",
                ratio: ContentionPhase.ratio(fullSummary.median, emptySummary.median), to: "empty journal",
                target: .ratioAtMost(1.5)),
            Figure("exec → first LogMood answered, median (empty journal)", emptyWriteSummary.median / 1000, "ms"),
            Figure(
                "exec → first LogMood answered, median (\(pair.moods) moods)", fullWriteSummary.median / 1000, "ms",
                ratio: ContentionPhase.ratio(fullWriteSummary.median, emptyWriteSummary.median), to: "empty journal"),
        ]
        return report
    }

    private static func row(
        _ name: String, _ summary: LatencySummary, _ samples: [Duration], base: Double
    ) -> [String] {
        let milliseconds = samples.map { $0.microseconds / 1000 }
        return [
            name, String(summary.count), LatencyTable.fixed(summary.median / 1000, 1),
            LatencyTable.fixed(milliseconds.min() ?? 0, 1), LatencyTable.fixed(milliseconds.max() ?? 0, 1),
            base > 0 ? LatencyTable.fixed(summary.median / base, 2) : "",
        ]
    }
}
