import Foundation

/// The table the bench prints: each series' distribution and its ratio to the floor, with the context to read it.
struct BenchReport {
    /// Each series' label and summary, in table order; the first is the floor.
    let rows: [(label: String, summary: LatencySummary)]
    /// The options of the run.
    let options: BenchOptions
    /// The machine it ran on.
    let machine: MachineContext
    /// The datastore the daemon used.
    let datastorePath: String
    /// The command that reproduces the run.
    let command: String

    /// The report as printed.
    var text: String {
        let floor = rows.first?.summary.median ?? 0
        let labelWidth = max(4, rows.map { decorated($0.label).count }.max() ?? 0)
        var lines = [
            "feels-tips-bench: round trips to feels-tipsd on a private bus, \(options.rounds) rounds after "
                + "\(options.warmup) warm-up rounds,",
            "every call once a round, the order rotated each round",
            "",
            pad("call", labelWidth) + column("median µs") + column("p90 µs") + column("p99 µs")
                + column("× Ping", 8) + column("drift", 7),
        ]
        for row in rows {
            let summary = row.summary
            lines.append(
                pad(decorated(row.label), labelWidth) + column(fixed(summary.median, 1)) + column(fixed(summary.p90, 1))
                    + column(fixed(summary.p99, 1)) + column(floor > 0 ? fixed(summary.median / floor, 2) : "-", 8)
                    + column(fixed(summary.drift, 2), 7))
        }
        lines += [
            "",
            "× Ping: the median over Peer.Ping's median, both from this run; Ping is answered by libdbus inside",
            "feels-tipsd, so it costs the same two bus hops and wake-up as any call, and nothing of the service.",
            "drift: the median of the last tenth of the rounds over the median of the first tenth.",
            "¹ The datastore is SQLite in WAL mode with synchronous=FULL: each LogMood commits one transaction,",
            "  which fsyncs the WAL, before the reply is sent.",
            "² In the datastore's folder, on the same disk: what one durable write costs with no SQLite and no bus.",
            "",
            "machine:   \(machine.cores) cores (\(machine.processor)), \(machine.system), Linux \(machine.kernel),"
                + " load \(machine.load)",
            "datastore: \(datastorePath) on \(machine.fileSystem)",
            "reproduce: \(command)",
        ]
        return lines.joined(separator: "\n")
    }

    private func decorated(_ label: String) -> String {
        if label.hasPrefix("LogMood") { return label + " ¹" }
        if label.hasPrefix("pwrite") { return label + " ²" }
        return label
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private func column(_ text: String, _ width: Int = 11) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }

    private func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
