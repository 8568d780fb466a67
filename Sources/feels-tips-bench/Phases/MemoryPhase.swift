import Glibc

/// Resident memory of a fresh service when idle and after many calls, from `/proc/PID/status`.
enum MemoryPhase {
    /// One client's script: nineteen reads of every kind, then one LogMood, started at a different turn by each.
    static let script: [CallKind] = [
        .getTipsOne, .getTipsAll, .presentTip, .propertyGet, .ping, .getTipsOne, .presentTip, .propertyGet, .getTipsAll,
        .getTipsOne, .presentTip, .propertyGet, .ping, .getTipsOne, .presentTip, .getTipsAll, .propertyGet, .getTipsOne,
        .presentTip, .logMood,
    ]

    /// Runs the phase on services of its own, for each feels-tipsd measured, their starts in turn.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(_ subjects: [Subject], options: BenchOptions, progress: (String) -> Void) throws(BenchError)
        -> PhaseReport
    {
        // One start's figure moves by about 0.15 MiB with the pages fault-around happens to map; the idle figure is
        // the median of fresh starts, the last of which then takes the calls.
        progress("memory: \(idleStarts) fresh starts, idle")
        var idleSamples = subjects.map { _ in [Int]() }
        for _ in 1..<idleStarts {
            for (index, subject) in subjects.enumerated() {
                let service = try ServiceUnderTest.start(subject)
                defer { service.stop() }
                idleSamples[index].append(try idleResident(of: service))
            }
        }
        var report = PhaseReport(title: "Resident memory")
        for (index, subject) in subjects.enumerated() {
            let service = try ServiceUnderTest.start(subject)
            defer { service.stop() }
            idleSamples[index].append(try idleResident(of: service))
            let measured = try measure(service, idleSamples: idleSamples[index], options: options, progress: progress)
            report.lines += (index == 0 ? [] : [""]) + ["\(subject.label):"] + measured.lines
            if subject.role == .build {
                report.figures = measured.figures
            } else if subject.role == .baseline {
                report.baselineFigures = measured.figures
            }
        }
        report.notes = [
            "A fresh service on a fresh datastore; the calls: 4 clients at once, each cycling through GetTips of "
                + "one tip and of all seven, PresentTip (not shown), Properties.Get and Ping, with one LogMood in 20. "
                + "VmRSS read 1 s after "
                + "the last reply.",
            "VmRSS counts every page mapped in, shared libraries' included; Pss divides each shared page among the "
                + "processes that map it. A file's pages count once they are mapped, and the kernel maps up to 16 "
                + "cached pages around each page touched, so a binary warm in the page cache shows more than it uses.",
        ]
        return report
    }

    /// The last fresh start's figures, idle and after the calls.
    private static func measure(
        _ service: ServiceUnderTest, idleSamples: [Int], options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> (lines: [String], figures: [Figure]) {
        let idleSamples = idleSamples.sorted()
        let idle = idleSamples[idleSamples.count / 2]
        let status = ProcessStatus(pid: service.pid)
        let idleAnonymous = status.anonymousKiB ?? 0
        let idleProportional = status.proportionalKiB ?? 0
        let mappings = status.residentByMapping
        progress("memory: \(options.calls) calls from 4 clients to \(service.subject.label)")
        let clients = 4
        let scripts = (0..<clients).map { index in
            Array(script[(index * 5)...] + script[..<(index * 5)])
        }
        let result = try ClientLoad(on: service, scripts: scripts).run(.calls(options.calls))
        usleep(1_000_000)
        let after = status.residentKiB ?? 0
        let peak = status.peakResidentKiB ?? 0
        var lines =
            TextTable(rows: [
                ["feels-tipsd", "VmRSS MiB", "RssAnon MiB", "Pss MiB", "VmHWM MiB"],
                ["idle, 1 s after start", mebibytes(idle), mebibytes(idleAnonymous), mebibytes(idleProportional), ""],
                [
                    "after \(result.samples.count) calls", mebibytes(after), mebibytes(status.anonymousKiB ?? 0),
                    mebibytes(status.proportionalKiB ?? 0), mebibytes(peak),
                ],
            ]).lines
        lines += [
            "",
            "idle VmRSS of \(idleStarts) fresh starts: median \(mebibytes(idle)) MiB, "
                + "\(mebibytes(idleSamples[0]))–\(mebibytes(idleSamples[idleSamples.count - 1])) MiB",
        ]
        lines += ["", "idle VmRSS by mapping (KiB), the largest, of the last start:"]
        lines += TextTable(
            rows: mappings.prefix(12).map { [$0.name.isEmpty ? "(anonymous)" : $0.name, String($0.kibibytes)] }
        ).lines.map { "  " + $0 }
        let figures = [
            Figure("feels-tipsd VmRSS idle (median)", Double(idle) / 1024, "MiB", target: .valueAtMost(8)),
            Figure(
                "feels-tipsd VmRSS after \(result.samples.count) calls", Double(after) / 1024, "MiB",
                ratio: ContentionPhase.ratio(Double(after), Double(idle)), to: "idle"),
        ]
        return (lines, figures)
    }

    /// Fresh starts whose idle figures give the median.
    static let idleStarts = 5

    /// `VmRSS` in kibibytes, 1 s after the service answered a first Ping.
    private static func idleResident(of service: ServiceUnderTest) throws(BenchError) -> Int {
        _ = try BusCall.make(.ping, to: service.target, on: service.client, checking: true)
        usleep(1_000_000)
        return ProcessStatus(pid: service.pid).residentKiB ?? 0
    }

    private static func mebibytes(_ kibibytes: Int) -> String {
        LatencyTable.fixed(Double(kibibytes) / 1024, 2)
    }
}
