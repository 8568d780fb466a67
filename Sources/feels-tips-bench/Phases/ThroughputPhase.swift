/// Calls per second with 1, 4, 16 and 64 clients at once, each on its own connection and thread: reads, writes,
/// both mixed, and Ping as the floor. Every cell's time is cut into slices, and the slices of all cells, of every
/// service measured, interleaved. On the busy machine, LogMood alone with 1 and 16 clients.
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

    static let reads = 0
    static let writes = 1
    static let mixed = 2
    static let pings = 3

    static let workloads = [
        Workload(name: "reads: GetTips, one tip", kinds: [.getTipsOne]) { _ in [.getTipsOne] },
        Workload(name: "writes: LogMood", kinds: [.logMood]) { _ in [.logMood] },
        // Half the clients start with a read and half with a write, so both are in flight at every moment.
        Workload(name: "mixed: GetTips of one tip, LogMood in turn", kinds: [.getTipsOne, .logMood]) { index in
            index.isMultiple(of: 2) ? [.getTipsOne, .logMood] : [.logMood, .getTipsOne]
        },
        Workload(name: "Ping (floor)", kinds: [.ping]) { _ in [.ping] },
    ]

    /// One cell: a workload with a number of clients, on one service.
    struct CellKey: Hashable {
        let service: Int
        let workload: Int
        let clients: Int
    }

    /// What a cell collected over its slices.
    struct Cell {
        var completions: [CallKind: Int] = [:]
        var seconds = 0.0
        var latencies: [CallKind: [Duration]] = [:]
        var serviceProcessor = 0.0
        var serviceWaiting = 0.0
        var busProcessor = 0.0

        /// Calls of the workload's kinds (or of `kinds`) answered per second.
        func rate(of kinds: Set<CallKind>) -> Double {
            let count = kinds.reduce(0) { $0 + (completions[$1] ?? 0) }
            return seconds > 0 ? Double(count) / seconds : 0
        }

        /// The median round trip of `kind`, in microseconds.
        func median(_ kind: CallKind) -> Double {
            let samples = latencies[kind] ?? []
            return samples.isEmpty ? 0 : LatencySummary(samples: samples).median
        }
    }

    /// Measures `keys` on `services`, each cell's slices interleaved with every other cell's.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func measure(
        _ keys: [CellKey], on services: [ServiceUnderTest], options: BenchOptions
    ) throws(BenchError) -> [CellKey: Cell] {
        let slice = options.duration / options.slices
        let warmup = warmup(options)
        var cells: [CellKey: Cell] = [:]
        for pass in 0..<options.slices {
            for step in keys.indices {
                let key = keys[(step + pass * 5) % keys.count]
                let service = services[key.service]
                let workload = workloads[key.workload]
                var load = ClientLoad(on: service, scripts: (0..<key.clients).map(workload.script))
                load.watched = [service.pid, service.busPID]
                let result = try load.run(.window(warmup: warmup, length: slice))
                var cell = cells[key] ?? Cell()
                cell.seconds += result.windowSeconds
                cell.serviceProcessor += result.schedulerSeconds[service.pid]?.running ?? 0
                cell.serviceWaiting += result.schedulerSeconds[service.pid]?.waiting ?? 0
                cell.busProcessor += result.schedulerSeconds[service.busPID]?.running ?? 0
                for kind in workload.kinds {
                    cell.completions[kind, default: 0] += result.completions(of: [kind])
                    cell.latencies[kind, default: []] += result.latencies(of: kind)
                }
                cells[key] = cell
            }
        }
        return cells
    }

    private static func warmup(_ options: BenchOptions) -> Duration {
        min(Duration.milliseconds(500), max(.milliseconds(100), options.duration / options.slices / 5))
    }

    /// Runs every cell on each feels-tipsd, and on the C service reads with 1, 16 and 64 clients and writes with 1
    /// and 16.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        on services: [ServiceUnderTest], options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        var keys: [CellKey] = []
        for (index, service) in services.enumerated() {
            if service.subject.role == .peer {
                // Reads at 64 clients too: whether the C service's reads scale from 16 to 64 on the same bus says
                // whether that target is held back by the bus or by the service.
                keys += [1, 16, 64].map { CellKey(service: index, workload: reads, clients: $0) }
                keys += [1, 16].map { CellKey(service: index, workload: writes, clients: $0) }
            } else {
                keys += workloads.indices.flatMap { workload in
                    clientCounts.map { CellKey(service: index, workload: workload, clients: $0) }
                }
            }
        }
        progress(
            "throughput: \(keys.count) cells of \(options.slices) × \(format(options.duration / options.slices)) "
                + "after \(format(warmup(options))) each, interleaved")
        let cells = try measure(keys, on: services, options: options)
        var report = PhaseReport(title: "Throughput (clients at once, each its own connection and thread)")
        report.lines = lines(cells, services: services)
        report.notes = notes(options)
        report.figures = figures(of: .build, cells, services: services)
        if services.contains(where: { $0.subject.role == .baseline }) {
            report.baselineFigures = figures(of: .baseline, cells, services: services)
        }
        return report
    }

    /// LogMood with 1 and 16 clients on every service, beside the busy machine's CPU-bound processes.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func runBusy(
        on services: [ServiceUnderTest], options: BenchOptions, busy: BusyMachine, progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        let keys = services.indices.flatMap { index in
            [1, 16].map { CellKey(service: index, workload: writes, clients: $0) }
        }
        progress("throughput on the busy machine: \(keys.count) cells, interleaved")
        var options = options
        options.slices = options.busySlices
        let cells = try measure(keys, on: services, options: options)
        var report = PhaseReport(title: "LogMood throughput beside \(busy.count) CPU-bound processes")
        report.lines = lines(cells, services: services)
        report.notes =
            notes(options) + [
                "Beside the cells, \(busy.count) processes ran `sh -c 'while :; do :; done'`; they had "
                    + "\(LatencyTable.fixed(100 * busy.processorShare, 0)) % of a core each on average."
            ]
        func figures(of role: Subject.Role) -> [Figure] {
            guard let mine = services.firstIndex(where: { $0.subject.role == role }) else { return [] }
            let peer = services.firstIndex { $0.subject.role == .peer }
            func rate(_ service: Int?, _ clients: Int) -> Double? {
                service.flatMap { cells[CellKey(service: $0, workload: writes, clients: clients)] }?
                    .rate(of: [.logMood])
            }
            let one = rate(mine, 1) ?? 0
            let sixteen = rate(mine, 16) ?? 0
            return [
                Figure(
                    "busy: LogMood, 1 client", one, "calls/s", ratio: rate(peer, 1).flatMap { ratio(one, $0) },
                    to: "C"),
                Figure(
                    "busy: LogMood, 16 clients", sixteen, "calls/s",
                    ratio: rate(peer, 16).flatMap { ratio(sixteen, $0) }, to: "C"),
                Figure(
                    "busy: LogMood, 16 clients against 1", sixteen, "calls/s", ratio: ratio(sixteen, one),
                    to: "1 client"),
            ]
        }
        report.figures = figures(of: .build)
        report.baselineFigures = figures(of: .baseline)
        return report
    }

    private static func notes(_ options: BenchOptions) -> [String] {
        let slice = options.duration / options.slices
        return [
            "Each cell ran \(options.slices) slice\(options.slices == 1 ? "" : "s") of \(format(slice)), counted "
                + "after \(format(warmup(options))) with every client busy; the cells' slices interleaved, the order "
                + "shifted each pass. Calls/s counts replies received inside the counted time; a latency, calls in "
                + "flight in it.",
            "With one thread for every client on \(MachineContext.cores) cores, the clients compete with "
                + "the service and dbus-daemon for the processors: the Ping row is the same contention with no "
                + "service work.",
            "processor %: the time the service and the bus's dbus-daemon spent on a processor, and the service "
                + "runnable but waiting in a run queue for one, over the counted time, from /proc/PID/task/TID/schedstat; "
                + "the service's time is summed over its threads; 100 % is one core.",
        ]
    }

    /// The figures of the service of `role`: the summary's names, each service's the same.
    private static func figures(
        of role: Subject.Role, _ cells: [CellKey: Cell], services: [ServiceUnderTest]
    ) -> [Figure] {
        guard let mine = services.firstIndex(where: { $0.subject.role == role }) else { return [] }
        let peer = services.firstIndex { $0.subject.role == .peer }
        func rate(_ workload: Int, _ clients: Int, on service: Int? = mine) -> Double {
            service.flatMap { cells[CellKey(service: $0, workload: workload, clients: clients)] }?
                .rate(of: workloads[workload].kinds) ?? 0
        }
        let reads1 = rate(reads, 1)
        let reads16 = rate(reads, 16)
        let writes1 = rate(writes, 1)
        let writes16 = rate(writes, 16)
        return [
            Figure("reads (GetTips, one tip), 1 client", reads1, "calls/s"),
            Figure(
                "reads (GetTips, one tip), 16 clients", reads16, "calls/s", ratio: ratio(reads16, reads1),
                to: "1 client",
                target: .ratioAtLeast(2)),
            Figure(
                "reads (GetTips, one tip), 64 clients", rate(reads, 64), "calls/s",
                ratio: ratio(rate(reads, 64), reads16),
                to: "16 clients", target: .ratioAtLeast(1)),
            Figure("LogMood, 1 client", writes1, "calls/s"),
            Figure(
                "LogMood, 16 clients", writes16, "calls/s", ratio: ratio(writes16, writes1), to: "1 client",
                target: .ratioAtLeast(3)),
            Figure(
                "LogMood, 64 clients", rate(writes, 64), "calls/s", ratio: ratio(rate(writes, 64), writes16),
                to: "16 clients", target: .ratioAtLeast(1)),
            Figure(
                "mixed, 16 clients", rate(mixed, 16), "calls/s", ratio: ratio(rate(mixed, 16), rate(mixed, 1)),
                to: "1 client"),
            Figure(
                "Ping, 16 clients", rate(pings, 16), "calls/s", ratio: ratio(rate(pings, 16), rate(pings, 1)),
                to: "1 client"),
            Figure(
                "LogMood, 1 client against C", writes1, "calls/s", ratio: ratio(writes1, rate(writes, 1, on: peer)),
                to: "C"),
            Figure(
                "LogMood, 16 clients against C", writes16, "calls/s",
                ratio: ratio(writes16, rate(writes, 16, on: peer)), to: "C"),
            Figure(
                "reads (GetTips, one tip), 16 clients against C", reads16, "calls/s",
                ratio: ratio(reads16, rate(reads, 16, on: peer)), to: "C"),
            Figure(
                "reads (GetTips, one tip), 64 clients against C", rate(reads, 64), "calls/s",
                ratio: ratio(rate(reads, 64), rate(reads, 64, on: peer)), to: "C"),
        ]
    }

    /// The rates, the medians and the processor shares of every cell measured, a row for each service.
    private static func lines(_ cells: [CellKey: Cell], services: [ServiceUnderTest]) -> [String] {
        let measuredCounts = clientCounts.filter { clients in cells.keys.contains { $0.clients == clients } }
        func rows(
            _ heading: String, _ values: [(String, Int, (Cell) -> Double, Int)], ratios: Bool = false
        ) -> [String] {
            var table = [[heading] + measuredCounts.map { "\($0)" } + (ratios ? ["16 ÷ 1", "64 ÷ 16"] : [])]
            for (name, workload, value, digits) in values {
                for (index, service) in services.enumerated() {
                    let row = measuredCounts.map { clients in
                        cells[CellKey(service: index, workload: workload, clients: clients)].map(value)
                    }
                    guard row.contains(where: { $0 != nil }) else { continue }
                    var line =
                        ["\(name), \(service.subject.label)"]
                        + row.map { $0.map { LatencyTable.fixed($0, digits) } ?? "" }
                    if ratios {
                        let value = { (clients: Int) in
                            cells[CellKey(service: index, workload: workload, clients: clients)].map(value)
                        }
                        line += [ratioText(value(16), value(1)), ratioText(value(64), value(16))]
                    }
                    table.append(line)
                }
            }
            return TextTable(rows: table).lines
        }
        let rates = rows(
            "calls/s, clients",
            workloads.indices.map { index in
                (workloads[index].name, index, { $0.rate(of: workloads[index].kinds) }, 0)
            }, ratios: true)
        let medians = rows(
            "median µs, clients",
            [
                ("GetTips of one tip, reads alone", reads, { $0.median(.getTipsOne) }, 0),
                ("LogMood, writes alone", writes, { $0.median(.logMood) }, 0),
                ("GetTips of one tip, mixed", mixed, { $0.median(.getTipsOne) }, 0),
                ("LogMood, mixed", mixed, { $0.median(.logMood) }, 0),
                ("Ping", pings, { $0.median(.ping) }, 0),
            ])
        func share(_ path: KeyPath<Cell, Double>) -> (Cell) -> Double {
            { cell in cell.seconds > 0 ? 100 * cell[keyPath: path] / cell.seconds : 0 }
        }
        let processor = rows(
            "processor %, clients",
            workloads.indices.flatMap { index in
                [
                    ("service on a core, \(workloads[index].name)", index, share(\.serviceProcessor), 0),
                    ("service waiting for one, \(workloads[index].name)", index, share(\.serviceWaiting), 0),
                    ("dbus-daemon on a core, \(workloads[index].name)", index, share(\.busProcessor), 0),
                ]
            })
        return rates + [""] + medians + [""] + processor
    }

    private static func ratio(_ value: Double, _ base: Double) -> Double? {
        base > 0 ? value / base : nil
    }

    private static func ratioText(_ value: Double?, _ base: Double?) -> String {
        guard let value, let base else { return "" }
        return ratio(value, base).map { LatencyTable.fixed($0, 2) } ?? ""
    }

    /// A duration as seconds, such as `2.5 s`.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.microseconds / 1e6
        return (seconds == seconds.rounded() ? String(Int(seconds)) : LatencyTable.fixed(seconds, 2)) + " s"
    }
}
