/// Single calls, one client, every series once a round in rotated order: each call's median and p99 against
/// `Peer.Ping` to the same service, and `LogMood` against Ping plus a bare `fdatasync` on the datastore's disk.
enum LatencyPhase {
    /// What the phase found, and Ping's median for later phases to compare with.
    struct Outcome {
        /// The section of the report.
        let report: PhaseReport
        /// The round trips of `GetTip` alone, in microseconds at the median.
        let getTipMedian: Double
    }

    /// Runs the rounds on `service`.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        on service: ServiceUnderTest, options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> Outcome {
        let client = service.client
        do {
            // CustomizeContentView has one tip; closed, DisplayNextTip there has nothing to show and records nothing.
            try client.call(
                destination: CallKind.service, path: CallKind.object, interface: CallKind.tips,
                member: "InvalidateTip", arguments: [.string("CustomizeLayoutTip"), .string("tipClosed")],
                timeout: .seconds(25))
        } catch {
            throw .setup("Failed to close CustomizeLayoutTip before the rounds: \(error)")
        }
        let kinds: [CallKind] = [
            .ping, .getTip, .eligibleTips, .propertyGet, .listTips, .displayNextTipShown, .displayNextTipNone,
            .logMood, .busGetID,
        ]
        let probe = try FlushProbe(path: service.folder.appendingPathComponent("flush-probe").path)
        let series: [any RoundTrip] = kinds.map { BusCall($0, on: client) } + [probe]
        progress("single calls: \(options.warmup) warm-up rounds, then \(options.rounds) rounds of \(series.count)")
        let samples = try InterleavedRun(series: series).run(
            rounds: options.rounds, warmup: options.warmup, progress: { _ in })
        var summaries: [CallKind: LatencySummary] = [:]
        for (kind, durations) in zip(kinds, samples) {
            summaries[kind] = LatencySummary(samples: durations)
        }
        let flush = LatencySummary(samples: samples[kinds.count])
        let ping = summaries[.ping]?.median ?? 0
        func median(_ kind: CallKind) -> Double { summaries[kind]?.median ?? 0 }

        var report = PhaseReport(title: "Single calls (one client, interleaved rounds)")
        let rows = kinds.compactMap { kind in summaries[kind].map { (kind.label, $0) } } + [(probe.label, flush)]
        report.lines = LatencyTable.lines(rows, floor: ping, base: "Ping")
        report.notes = [
            "\(options.rounds) rounds after \(options.warmup) warm-up rounds; every call once a round, the order "
                + "rotated each round. × Ping: the median over Peer.Ping's median from the same rounds; drift: the "
                + "median of the last tenth of the rounds over the first tenth's.",
            "LogMood and 'DisplayNextTip, a tip shown' change the state: each is answered once the commit that holds it "
                + "is durable (an fdatasync of the WAL). 'DisplayNextTip, none to show' asks at CustomizeContentView, "
                + "whose one tip was closed first, so nothing is recorded.",
        ]
        func ratio(_ kind: CallKind) -> Double? { ping > 0 ? median(kind) / ping : nil }
        let pingPlusFlush = ping + flush.median
        report.figures = [
            Figure("Peer.Ping median (the floor)", ping, "µs"),
            Figure(
                "GetTip median", median(.getTip), "µs", ratio: ratio(.getTip), to: "Ping", target: .ratioAtMost(1.5)),
            Figure(
                "DisplayNextTip median, a tip shown", median(.displayNextTipShown), "µs",
                ratio: ratio(.displayNextTipShown), to: "Ping", target: .ratioAtMost(1.5)),
            Figure(
                "DisplayNextTip median, none to show", median(.displayNextTipNone), "µs",
                ratio: ratio(.displayNextTipNone), to: "Ping", target: .ratioAtMost(1.5)),
            Figure(
                "EligibleTips median", median(.eligibleTips), "µs", ratio: ratio(.eligibleTips), to: "Ping",
                target: .ratioAtMost(1.25)),
            Figure(
                "Properties.Get median", median(.propertyGet), "µs", ratio: ratio(.propertyGet), to: "Ping",
                target: .ratioAtMost(1.25)),
            Figure(
                "ListTips median", median(.listTips), "µs", ratio: ratio(.listTips), to: "Ping",
                target: .ratioAtMost(2.5)),
            Figure(
                "fdatasync of a 4 KiB append, median", flush.median, "µs", ratio: flush.median / max(ping, 1),
                to: "Ping"),
            Figure(
                "LogMood median", median(.logMood), "µs",
                ratio: pingPlusFlush > 0 ? median(.logMood) / pingPlusFlush : nil, to: "(Ping + fdatasync)",
                target: .ratioAtMost(1.3)),
            Figure(
                "LogMood p99", summaries[.logMood]?.p99 ?? 0, "µs",
                ratio: (summaries[.logMood]?.p99 ?? 0) / max(ping, 1), to: "Ping"),
            Figure(
                "GetTip p99", summaries[.getTip]?.p99 ?? 0, "µs", ratio: (summaries[.getTip]?.p99 ?? 0) / max(ping, 1),
                to: "Ping"),
        ]
        return Outcome(report: report, getTipMedian: median(.getTip))
    }
}
