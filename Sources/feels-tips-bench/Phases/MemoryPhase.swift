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
        // One start's figure moves by 0.1 to 0.3 MiB with the pages fault-around happens to map, more than the A/B's
        // tolerance: each figure is the median of fresh starts, the last few of which then take the calls.
        progress("memory: \(idleStarts) fresh starts, idle; the last \(callStarts) then take \(options.calls) calls")
        var idleSamples = subjects.map { _ in [Int]() }
        var afterSamples = subjects.map { _ in [Sample]() }
        var mappings = subjects.map { _ in (idle: [Mapping](), after: [Mapping]()) }
        for start in 0..<idleStarts {
            for (index, subject) in subjects.enumerated() {
                let service = try ServiceUnderTest.start(subject)
                defer { service.stop() }
                idleSamples[index].append(try idleResident(of: service))
                guard start >= idleStarts - callStarts else { continue }
                let status = ProcessStatus(pid: service.pid)
                let idleMappings = status.residentByMapping
                let idle = Sample(status)
                let calls = try takeCalls(service, options: options)
                afterSamples[index].append(Sample(status, calls: calls, idle: idle))
                mappings[index] = (idleMappings, status.residentByMapping)
            }
        }
        var report = PhaseReport(title: "Resident memory")
        for (index, subject) in subjects.enumerated() {
            let measured = lines(
                idle: idleSamples[index], after: afterSamples[index], mappings: mappings[index])
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
                + "VmRSS read 1 s after the first Ping (idle) and 1 s after the last reply; each figure the median "
                + "of the fresh starts, the builds' starts in turn; the row beside it is that start's.",
            "VmRSS counts every page mapped in, shared libraries' included; Pss divides each shared page among the "
                + "processes that map it. A file's pages count once they are mapped, and the kernel maps up to 16 "
                + "cached pages around each page touched, so a binary warm in the page cache shows more than it uses.",
        ]
        return report
    }

    /// Resident memory of one mapping, as `ProcessStatus.residentByMapping` lists it.
    typealias Mapping = (name: String, kibibytes: Int)

    /// One start's figures after its calls, in kibibytes.
    private struct Sample {
        var resident: Int
        var anonymous: Int
        var proportional: Int
        var peak: Int
        var calls: Int
        var idle: (anonymous: Int, proportional: Int)

        init(_ status: ProcessStatus, calls: Int = 0, idle: Sample? = nil) {
            resident = status.residentKiB ?? 0
            anonymous = status.anonymousKiB ?? 0
            proportional = status.proportionalKiB ?? 0
            peak = status.peakResidentKiB ?? 0
            self.calls = calls
            self.idle = idle.map { ($0.anonymous, $0.proportional) } ?? (anonymous, proportional)
        }
    }

    /// Makes the phase's calls from 4 clients and returns, 1 s after the last reply, how many were answered.
    private static func takeCalls(_ service: ServiceUnderTest, options: BenchOptions) throws(BenchError) -> Int {
        let clients = 4
        let scripts = (0..<clients).map { index in
            Array(script[(index * 5)...] + script[..<(index * 5)])
        }
        let result = try ClientLoad(on: service, scripts: scripts).run(.calls(options.calls))
        usleep(1_000_000)
        return result.samples.count
    }

    /// The table and the figures of one feels-tipsd: the median idle start and the median start after the calls.
    private static func lines(
        idle idleSamples: [Int], after afterSamples: [Sample],
        mappings: (idle: [Mapping], after: [Mapping])
    )
        -> (lines: [String], figures: [Figure])
    {
        let idleSamples = idleSamples.sorted()
        let idle = idleSamples[idleSamples.count / 2]
        let afterSamples = afterSamples.sorted { $0.resident < $1.resident }
        let after = afterSamples[afterSamples.count / 2]
        var lines =
            TextTable(rows: [
                ["feels-tipsd", "VmRSS MiB", "RssAnon MiB", "Pss MiB", "VmHWM MiB"],
                [
                    "idle, 1 s after start", mebibytes(idle), mebibytes(after.idle.anonymous),
                    mebibytes(after.idle.proportional), "",
                ],
                [
                    "after \(after.calls) calls", mebibytes(after.resident), mebibytes(after.anonymous),
                    mebibytes(after.proportional), mebibytes(after.peak),
                ],
            ]).lines
        lines += [
            "",
            "idle VmRSS of \(idleSamples.count) fresh starts: median \(mebibytes(idle)) MiB, "
                + "\(mebibytes(idleSamples[0]))–\(mebibytes(idleSamples[idleSamples.count - 1])) MiB",
            "VmRSS after the calls, \(afterSamples.count) of them: median \(mebibytes(after.resident)) MiB, "
                + "\(mebibytes(afterSamples[0].resident))–\(mebibytes(afterSamples[afterSamples.count - 1].resident)) MiB",
        ]
        lines += ["", "VmRSS by mapping (KiB) of the last start, idle and after the calls, the largest after:"]
        let idleByName = Dictionary(mappings.idle.map { ($0.name, $0.kibibytes) }, uniquingKeysWith: +)
        lines += TextTable(
            rows: [["mapping", "idle", "after"]]
                + mappings.after.prefix(12).map {
                    [$0.name.isEmpty ? "(anonymous)" : $0.name, String(idleByName[$0.name] ?? 0), String($0.kibibytes)]
                }
        ).lines.map { "  " + $0 }
        let figures = [
            Figure("feels-tipsd VmRSS idle (median)", Double(idle) / 1024, "MiB", target: .valueAtMost(8)),
            Figure(
                "feels-tipsd VmRSS after \(after.calls) calls", Double(after.resident) / 1024, "MiB",
                ratio: ContentionPhase.ratio(Double(after.resident), Double(idle)), to: "idle"),
        ]
        return (lines, figures)
    }

    /// Fresh starts whose idle figures give the median.
    static let idleStarts = 5
    /// How many of them, the last, then take the calls: their figures after give the median.
    static let callStarts = 3

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
