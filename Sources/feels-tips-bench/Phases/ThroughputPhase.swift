/// Calls per second with 1, 4, 16 and 64 clients at once, each on its own connection and thread: reads, writes,
/// both mixed, and Ping as the floor. Every cell's time is cut into slices, and the slices of all cells interleaved.
enum ThroughputPhase {
    /// The numbers of clients measured.
    static let clientCounts = [1, 4, 16, 64]

    /// A kind of load: what each client calls.
    struct Workload: Sendable {
        /// The row's name.
        let name: String
        /// The calls whose answers count.
        let kinds: Set<CallKind>
        /// Client `index`'s script.
        let script: @Sendable (Int) -> [CallKind]
    }

    static let workloads = [
        Workload(name: "reads: GetTip", kinds: [.getTip]) { _ in [.getTip] },
        Workload(name: "writes: LogMood", kinds: [.logMood]) { _ in [.logMood] },
        // Half the clients start with a read and half with a write, so both are in flight at every moment.
        Workload(name: "mixed: GetTip, LogMood in turn", kinds: [.getTip, .logMood]) { index in
            index.isMultiple(of: 2) ? [.getTip, .logMood] : [.logMood, .getTip]
        },
        Workload(name: "Ping (floor)", kinds: [.ping]) { _ in [.ping] },
    ]

    /// What a cell collected over its slices.
    private struct Cell {
        var completions: [CallKind: Int] = [:]
        var seconds = 0.0
        var latencies: [CallKind: [Duration]] = [:]
        var serviceProcessor = 0.0
        var serviceWaiting = 0.0
        var busProcessor = 0.0
    }

    /// Runs every cell on `service`.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        on service: ServiceUnderTest, options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        let slice = options.duration / options.slices
        let warmup = min(Duration.milliseconds(500), max(.milliseconds(100), slice / 5))
        var cells: [[Cell]] = workloads.map { _ in clientCounts.map { _ in Cell() } }
        let order = workloads.indices.flatMap { workload in clientCounts.indices.map { (workload, $0) } }
        progress(
            "throughput: \(order.count) cells of \(options.slices) × \(format(slice)) after \(format(warmup)) "
                + "each, interleaved")
        for pass in 0..<options.slices {
            for step in order.indices {
                let (workload, column) = order[(step + pass * 5) % order.count]
                let clients = clientCounts[column]
                var load = ClientLoad(
                    address: service.address, scripts: (0..<clients).map(workloads[workload].script))
                load.watched = [service.pid, service.busPID]
                let result = try load.run(.window(warmup: warmup, length: slice))
                cells[workload][column].seconds += result.windowSeconds
                cells[workload][column].serviceProcessor += result.schedulerSeconds[service.pid]?.running ?? 0
                cells[workload][column].serviceWaiting += result.schedulerSeconds[service.pid]?.waiting ?? 0
                cells[workload][column].busProcessor += result.schedulerSeconds[service.busPID]?.running ?? 0
                for kind in workloads[workload].kinds {
                    cells[workload][column].completions[kind, default: 0] += result.completions(of: [kind])
                    cells[workload][column].latencies[kind, default: []] += result.latencies(of: kind)
                }
            }
        }
        func rate(_ workload: Int, _ column: Int, _ kinds: Set<CallKind>? = nil) -> Double {
            let cell = cells[workload][column]
            let count = (kinds ?? workloads[workload].kinds).reduce(0) { $0 + (cell.completions[$1] ?? 0) }
            return cell.seconds > 0 ? Double(count) / cell.seconds : 0
        }
        func median(_ workload: Int, _ column: Int, _ kind: CallKind) -> Double {
            let latencies = cells[workload][column].latencies[kind] ?? []
            return latencies.isEmpty ? 0 : LatencySummary(samples: latencies).median
        }

        var report = PhaseReport(title: "Throughput (clients at once, each its own connection and thread)")
        var rates = [["calls/s"] + clientCounts.map { "\($0) client\($0 == 1 ? "" : "s")" } + ["16 ÷ 1", "64 ÷ 16"]]
        for workload in workloads.indices {
            let row = clientCounts.indices.map { rate(workload, $0) }
            rates.append(
                [workloads[workload].name] + row.map { LatencyTable.fixed($0, 0) }
                    + [ratioText(row[2], row[0]), ratioText(row[3], row[2])])
        }
        var medians = [["median µs"] + clientCounts.map { "\($0)" }]
        let latencyRows: [(String, Int, CallKind)] = [
            ("GetTip, reads alone", 0, .getTip), ("LogMood, writes alone", 1, .logMood),
            ("GetTip, mixed", 2, .getTip), ("LogMood, mixed", 2, .logMood), ("Ping", 3, .ping),
        ]
        for (name, workload, kind) in latencyRows {
            medians.append([name] + clientCounts.indices.map { LatencyTable.fixed(median(workload, $0, kind), 0) })
        }
        var processor = [["processor %"] + clientCounts.map { "\($0)" }]
        for workload in workloads.indices {
            let shares = [
                ("feels-tipsd on a core", \Cell.serviceProcessor),
                ("feels-tipsd waiting for one", \Cell.serviceWaiting),
                ("dbus-daemon on a core", \Cell.busProcessor),
            ]
            for (process, share) in shares {
                processor.append(
                    ["\(process), \(workloads[workload].name)"]
                        + clientCounts.indices.map { column in
                            let cell = cells[workload][column]
                            return LatencyTable.fixed(
                                cell.seconds > 0 ? 100 * cell[keyPath: share] / cell.seconds : 0, 0)
                        })
            }
        }
        report.lines =
            TextTable(rows: rates).lines + [""] + TextTable(rows: medians).lines + [""]
            + TextTable(rows: processor).lines
        report.notes = [
            "Each cell ran \(options.slices) slice\(options.slices == 1 ? "" : "s") of \(format(slice)), counted "
                + "after \(format(warmup)) with every client busy; the cells' slices interleaved, the order shifted "
                + "each pass. Calls/s counts replies received inside the counted time; a latency, calls in flight in it.",
            "With one thread for every client on \(MachineContext.cores) cores, the clients compete with "
                + "feels-tipsd and dbus-daemon for the processors: the Ping row is the same contention with no "
                + "service work.",
            "processor %: the time feels-tipsd and the bus's dbus-daemon spent on a processor, and feels-tipsd "
                + "runnable but waiting in a run queue for one, over the counted time, from /proc/PID/task/TID/schedstat; "
                + "feels-tipsd's time is summed over its threads; 100 % is one core.",
        ]
        let reads1 = rate(0, 0)
        let reads16 = rate(0, 2)
        let writes1 = rate(1, 0)
        let writes16 = rate(1, 2)
        report.figures = [
            Figure("reads (GetTip), 1 client", reads1, "calls/s"),
            Figure(
                "reads (GetTip), 16 clients", reads16, "calls/s", ratio: ratio(reads16, reads1), to: "1 client",
                target: .ratioAtLeast(2)),
            Figure(
                "reads (GetTip), 64 clients", rate(0, 3), "calls/s", ratio: ratio(rate(0, 3), reads16),
                to: "16 clients", target: .ratioAtLeast(1)),
            Figure("LogMood, 1 client", writes1, "calls/s"),
            Figure(
                "LogMood, 16 clients", writes16, "calls/s", ratio: ratio(writes16, writes1), to: "1 client",
                target: .ratioAtLeast(5)),
            Figure(
                "LogMood, 64 clients", rate(1, 3), "calls/s", ratio: ratio(rate(1, 3), writes16), to: "16 clients",
                target: .ratioAtLeast(1)),
            Figure("mixed, 16 clients", rate(2, 2), "calls/s", ratio: ratio(rate(2, 2), rate(2, 0)), to: "1 client"),
            Figure("Ping, 16 clients", rate(3, 2), "calls/s", ratio: ratio(rate(3, 2), rate(3, 0)), to: "1 client"),
        ]
        return report
    }

    private static func ratio(_ value: Double, _ base: Double) -> Double? {
        base > 0 ? value / base : nil
    }

    private static func ratioText(_ value: Double, _ base: Double) -> String {
        ratio(value, base).map { LatencyTable.fixed($0, 2) } ?? ""
    }

    /// A duration as seconds, such as `2.5 s`.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.microseconds / 1e6
        return (seconds == seconds.rounded() ? String(Int(seconds)) : LatencyTable.fixed(seconds, 2)) + " s"
    }
}
