/// `Peer.Ping`, `GetTips` of one tip and `LogMood`, each service's own client calling it, in interleaved rounds:
/// this build against the C service on the same private bus, the baseline on a bus of its own beside a second C
/// service, and a bare `fdatasync` as the disk's floor.
enum SingleCallsPhase {
    /// Makes the rounds on `services` (this build first) and returns the figures.
    ///
    /// - Parameters:
    ///   - probe: The file the disk's floor appends to and syncs.
    ///   - busy: Whether a CPU-bound process per core runs beside the rounds: it prefixes each figure's name.
    /// - Throws: ``BenchError`` for a failed call or an interruption.
    static func run(
        _ services: [ServiceUnderTest], probe: FlushProbe, rounds: Int, warmup: Int, busy: Bool
    ) throws(BenchError) -> [BudgetRow] {
        var series: [InterleavedRounds.Series] = []
        var keys: [(role: Subject.Role, kind: CallKind)] = []
        for service in services {
            for kind in CallKind.allCases {
                let label = "\(kind.label) to \(service.subject.label)"
                let call = { (checking: Bool) throws(BenchError) -> Duration in
                    try kind.timed(to: service.name, on: service.client, checking: checking, label: label)
                }
                series.append((label, call))
                keys.append((service.subject.role, kind))
            }
        }
        series.append(("fdatasync", { (_: Bool) throws(BenchError) -> Duration in try probe.measure() }))
        let samples = try InterleavedRounds(series: series).run(rounds: rounds, warmup: warmup)

        func summary(_ role: Subject.Role, _ kind: CallKind) -> LatencySummary? {
            keys.firstIndex { $0.role == role && $0.kind == kind }.map { LatencySummary(samples[$0]) }
        }
        func row(_ kind: CallKind, p99: Bool, what: String, budget: Budget? = nil) -> BudgetRow {
            func value(_ role: Subject.Role) -> Quantity? {
                summary(role, kind).map { Quantity(p99 ? $0.p99 : $0.median, .microseconds) }
            }
            return BudgetRow(
                what: (busy ? "busy: " : "") + what, build: value(.build), baseline: value(.baseline),
                floor: value(.peer), budget: budget)
        }
        let flush = LatencySummary(samples[series.count - 1])
        return [
            row(.ping, p99: false, what: "Peer.Ping, median (bus floor)"),
            BudgetRow(
                what: (busy ? "busy: " : "") + "fdatasync 4 KiB, median (disk floor)",
                floor: Quantity(flush.median, .microseconds)),
            row(.getTipsOne, p99: false, what: "GetTips one tip, median", budget: .ratioAtMost(1.0)),
            row(.getTipsOne, p99: true, what: "GetTips one tip, p99"),
            row(.logMood, p99: false, what: "LogMood, median", budget: .ratioAtMost(1.1)),
            row(.logMood, p99: true, what: "LogMood, p99"),
        ]
    }
}
