/// The report the bench prints: each phase's own table, then the summary of every figure with its ratio, target and
/// whether it is met, then the machine and the command that reproduces the run.
struct BenchReport {
    /// The phases run, in order.
    let phases: [PhaseReport]
    /// What `feels-tipsd --version` said.
    let daemonVersion: String
    /// The options of the run.
    let options: BenchOptions
    /// The machine, read at the start of the run.
    let machine: MachineContext
    /// The load averages at the end of the run.
    let loadAtEnd: String
    /// How long the run took.
    let elapsed: Duration
    /// The command that reproduces the run.
    let command: String

    /// The report as printed.
    var text: String {
        var lines = [
            "feels-tips-bench: \(daemonVersion) on private buses; every ratio is to a floor measured in the same run",
            "daemon:    \(options.daemon)",
        ]
        if let peer = options.peer { lines.append("C service: \(peer)") }
        if let baseline = options.baseline { lines.append("baseline:  \(baseline)") }
        for phase in phases {
            lines += ["", "## \(phase.title)", ""] + phase.lines
            if !phase.notes.isEmpty {
                lines.append("")
                lines += phase.notes.map { "- " + $0 }
            }
        }
        let figures = phases.flatMap(\.figures)
        var table = [["figure", "measured", "ratio", "target", "met"]]
        table += figures.map { [$0.name, $0.valueText, $0.ratioText, $0.targetText, $0.metText] }
        let held = figures.filter { $0.met != nil }
        let met = held.filter { $0.met == true }
        lines += ["", "## Summary", ""] + TextTable(rows: table).lines
        lines += [
            "",
            "\(met.count) of \(held.count) targets met"
                + (held.count == met.count
                    ? "." : "; not met: " + held.filter { $0.met == false }.map(\.name).joined(separator: "; ") + "."),
        ]
        lines += comparison
        lines += [
            "",
            "machine:   \(machine.cores) cores (\(machine.processor)), \(machine.system), Linux \(machine.kernel)",
            "load:      \(machine.load) at the start, \(loadAtEnd) at the end (1, 5, 15 min); "
                + "the run took \(ThroughputPhase.format(elapsed))",
            "datastore: a temporary folder on \(machine.fileSystem)",
            "reproduce: \(command)",
        ]
        return lines.joined(separator: "\n")
    }

    /// The A/B table: every figure of this build beside the baseline's of the same name, and whether it got worse
    /// by more than the noise allows.
    private var comparison: [String] {
        let pairs = phases.flatMap { phase in
            phase.figures.compactMap { figure in
                phase.baselineFigures.first { $0.name == figure.name }.map { (figure, $0) }
            }
        }
        guard !pairs.isEmpty else { return [] }
        var table = [["figure", "this build", "baseline", "this ÷ baseline", "no worse"]]
        table += pairs.map { figure, baseline in
            [
                figure.name, figure.valueText, baseline.valueText,
                figure.change(from: baseline).map { String(format: "%.2f", $0) } ?? "",
                figure.isNoWorse(than: baseline) ? "yes" : "NO",
            ]
        }
        let worse = pairs.filter { !$0.0.isNoWorse(than: $0.1) }
        return [
            "", "## A/B against the baseline (\(options.baseline ?? "")), in the same run", "",
        ] + TextTable(rows: table).lines + [
            "",
            "\(pairs.count - worse.count) of \(pairs.count) figures no worse than the baseline's (times and rates "
                + "within 10 %, a p99 beside CPU-bound processes or 16 writers within 25 %, memory within 3 %, wake-ups not more)"
                + (worse.isEmpty ? "." : "; worse: " + worse.map(\.0.name).joined(separator: "; ") + "."),
        ]
    }
}
