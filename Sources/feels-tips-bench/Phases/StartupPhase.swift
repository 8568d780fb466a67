/// Exec to the bus name owned: the daemon started again and again on an existing datastore with an empty journal
/// and on one with a full journal, in turn, each start timed from just before `posix_spawn` to the bus's
/// `NameOwnerChanged` reaching the bench; with a baseline, its starts in turn with this build's, which goes first in
/// every other pair of starts.
enum StartupPhase {
    /// Times the starts of every pair.
    ///
    /// - Throws: ``BenchError`` for a failed start or an interruption.
    static func run(
        on pairs: [JournalPair], options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        progress("start-up: \(options.starts) starts on each journal, in turn")
        var times = pairs.map { _ in Starts() }
        for start in 0..<options.starts {
            // Every order of builds and journals comes as often: with this build always first, two copies of one
            // build measured 1.03–1.08 × each other's full journal (forty starts each, three runs).
            let order = (start / 2).isMultiple(of: 2) ? Array(pairs.indices) : pairs.indices.reversed()
            for index in order {
                let pair = pairs[index]
                for fullFirst in start.isMultiple(of: 2) ? [false, true] : [true, false] {
                    let service = fullFirst ? pair.full : pair.empty
                    service.stopDaemon()
                    let elapsed = try service.launch()
                    // A write waits for whatever the service still does outside its loop after taking the name (the
                    // journal's pages checked).
                    let write = try BusCall.make(.logMood, to: service.target, on: service.client, checking: true)
                    let firstWrite = (service.launchedAt ?? write.start).duration(to: write.start + write.elapsed)
                    if fullFirst {
                        times[index].full.append(elapsed)
                        times[index].fullWrite.append(firstWrite)
                    } else {
                        times[index].empty.append(elapsed)
                        times[index].emptyWrite.append(firstWrite)
                    }
                }
            }
        }
        var report = PhaseReport(title: "Start-up: exec to org.feels.Tips owned")
        for (index, pair) in pairs.enumerated() {
            report.lines += (index == 0 ? [] : [""]) + ["\(pair.subject.label):"] + lines(times[index], pair: pair)
        }
        report.notes = [
            "Each start: SIGTERM to the running daemon and wait for it to exit, then posix_spawn it again on the same "
                + "datastore and wait for NameOwnerChanged, then call LogMood once: its answer is the first write "
                + "the service can make after what it still does at start. The full journal was written by sqlite3 in "
                + "\(LatencyTable.fixed(pairs[0].fillTime.microseconds / 1e6, 2)) s, before the first start."
        ]
        report.figures = figures(times[0], moods: pairs[0].moods)
        if let baseline = pairs.firstIndex(where: { $0.subject.role == .baseline }) {
            report.baselineFigures = figures(times[baseline], moods: pairs[baseline].moods)
        }
        return report
    }

    /// One feels-tipsd's starts.
    private struct Starts {
        var empty: [Duration] = []
        var full: [Duration] = []
        var emptyWrite: [Duration] = []
        var fullWrite: [Duration] = []
    }

    private static func lines(_ starts: Starts, pair: JournalPair) -> [String] {
        let emptySummary = LatencySummary(samples: starts.empty)
        let emptyWriteSummary = LatencySummary(samples: starts.emptyWrite)
        let milliseconds = { (durations: [Duration]) in
            durations.map { LatencyTable.fixed($0.microseconds / 1000, 1) }.joined(separator: " ")
        }
        return TextTable(rows: [
            ["exec → name owned", "n", "median ms", "min ms", "max ms", "× empty"],
            row("empty journal", starts.empty, base: emptySummary.median),
            row("\(pair.moods) moods", starts.full, base: emptySummary.median),
            ["exec → first LogMood answered"],
            row("empty journal", starts.emptyWrite, base: emptyWriteSummary.median),
            row("\(pair.moods) moods", starts.fullWrite, base: emptyWriteSummary.median),
        ]).lines + [
            "each start, empty (ms): " + milliseconds(starts.empty),
            "each start, \(pair.moods) moods (ms): " + milliseconds(starts.full),
        ]
    }

    private static func figures(_ starts: Starts, moods: Int) -> [Figure] {
        let empty = LatencySummary(samples: starts.empty).median
        let full = LatencySummary(samples: starts.full).median
        let emptyWrite = LatencySummary(samples: starts.emptyWrite).median
        let fullWrite = LatencySummary(samples: starts.fullWrite).median
        return [
            Figure("exec → name owned, median (empty journal)", empty / 1000, "ms", target: .valueAtMost(50)),
            Figure(
                "exec → name owned, median (\(moods) moods)", full / 1000, "ms",
                ratio: ContentionPhase.ratio(full, empty), to: "empty journal", target: .ratioAtMost(1.5)),
            Figure("exec → first LogMood answered, median (empty journal)", emptyWrite / 1000, "ms"),
            Figure(
                "exec → first LogMood answered, median (\(moods) moods)", fullWrite / 1000, "ms",
                ratio: ContentionPhase.ratio(fullWrite, emptyWrite), to: "empty journal"),
        ]
    }

    private static func row(_ name: String, _ samples: [Duration], base: Double) -> [String] {
        let summary = LatencySummary(samples: samples)
        let milliseconds = samples.map { $0.microseconds / 1000 }
        return [
            name, String(summary.count), LatencyTable.fixed(summary.median / 1000, 1),
            LatencyTable.fixed(milliseconds.min() ?? 0, 1), LatencyTable.fixed(milliseconds.max() ?? 0, 1),
            base > 0 ? LatencyTable.fixed(summary.median / base, 2) : "",
        ]
    }
}
