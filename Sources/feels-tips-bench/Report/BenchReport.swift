/// What the bench prints: the programs measured, the one table of every figure, the notes that say what each floor
/// is, and the machine.
struct BenchReport: CustomStringConvertible {
    /// The options of the run: the programs measured.
    let options: BenchOptions
    /// The figures, in the order measured.
    let rows: [BudgetRow]
    /// The load averages at the start of the run.
    let loadAtStart: String

    /// The report as printed, 120 columns at most.
    var description: String {
        let header = ["what", "this build", "baseline", "C peer / floor", "ratio", "budget", "met?"]
        let held = rows.filter { $0.met != nil }
        let met = held.filter { $0.met == true }
        var lines = [
            "feels-tips-bench\(options.quick ? " --quick" : ""): \(options.daemon)",
            "C peer: \(options.peer)" + (options.baseline.map { "; baseline: \($0)" } ?? ""),
            "",
        ]
        lines += TextTable(rows: [header] + rows.map(\.cells)).lines
        lines += [
            "",
            "\(met.count) of \(held.count) budgets met"
                + (met.count == held.count ? "." : "; the rows marked NO are not."),
            "C peer / floor: tips-peerd's same figure (sd-bus, same work; on the same private bus for single calls);",
            "  for 'fdatasync' a 4 KiB append and fdatasync, no bus; for the flood, the same reader with no flood.",
            "ratio: this build ÷ C peer / floor. Single calls: medians and p99 of interleaved rounds.",
            "machine: \(MachineContext.cores) cores (\(MachineContext.processor)), Linux \(MachineContext.kernel)",
            "load:    \(loadAtStart) at the start, \(MachineContext.load) at the end (1, 5, 15 min)",
        ]
        return lines.joined(separator: "\n")
    }
}
