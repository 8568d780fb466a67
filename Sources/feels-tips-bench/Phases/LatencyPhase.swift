import TipsInterface

/// Single calls, one client a service, every series once a round in an order shuffled each round: each of feels-tipsd's calls
/// against the C service's same call on the same bus, and against the baseline's when one is measured; `Peer.Ping`
/// and a bare `fdatasync` on the datastore's disk as floors for context.
enum LatencyPhase {
    /// The calls measured on every service.
    static let kinds: [CallKind] = [
        .ping, .getTipsOne, .presentTip, .propertyGet, .getTipsAll, .presentNextTipShown, .presentNextTipNone, .logMood,
    ]

    /// The calls of the rounds of reads alone: no write changes a tip between two reads of it.
    static let readKinds: [CallKind] = [
        .ping, .getTipsOne, .presentTip, .propertyGet, .getTipsAll, .presentNextTipNone,
    ]

    /// Rounds made and discarded after the services were started again between two draws of busy rounds: the first
    /// calls of a process build what it keeps (its replies marshalled once, its caches).
    static let drawWarmup = 30

    /// Each call's round trips on each service of the rounds.
    struct Outcome {
        /// The services, in the order measured.
        let services: [ServiceUnderTest]
        /// The calls, in the order measured on each service.
        let kinds: [CallKind]
        /// Each service's summaries by call.
        let summaries: [[CallKind: LatencySummary]]
        /// `DBus.GetId` to the bus itself.
        let bus: LatencySummary
        /// The bare flush.
        let flush: LatencySummary

        /// The summary of `kind` on the service of `role`, if it was measured.
        func summary(_ kind: CallKind, of role: Subject.Role) -> LatencySummary? {
            services.firstIndex { $0.subject.role == role }.flatMap { summaries[$0][kind] }
        }
    }

    /// Makes the rounds on `services` (this build first; the C service and a baseline as given).
    ///
    /// - Parameters:
    ///   - rounds: Measured rounds; the warm-up is the options'.
    ///   - kinds: The calls each service gets in every round, with Peer.Ping among them.
    ///   - busy: The busy machine beside the rounds, if any: its rounds are then cut into
    ///     ``BenchOptions/busyDraws`` draws, every service started afresh between two.
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func measure(
        on services: [ServiceUnderTest], rounds: Int, kinds: [CallKind] = kinds, busy: BusyMachine? = nil,
        options: BenchOptions
    ) throws(BenchError) -> Outcome {
        for service in services {
            do {
                // CustomizeContentView has one tip; closed, PresentNextTip there has nothing to show and records
                // nothing. TipKit's spelling of the reason, which the contract before 0.2.0 takes too.
                try Tips1Client(connection: service.client, destination: service.name)
                    .invalidateTip(id: "CustomizeLayoutTip", reason: "tipClosed")
            } catch {
                throw .setup("Failed to close CustomizeLayoutTip on \(service.program) before the rounds: \(error)")
            }
        }
        let first = services[0]
        let probe = try FlushProbe(path: first.folder.appendingPathComponent("flush-probe").path)
        let calls: [any RoundTrip] = services.flatMap { service in kinds.map { BusCall($0, on: service) } }
        let series = calls + [BusCall(.busGetID, to: first.target, on: first.client), probe]
        let samples = try InterleavedRun(series: series).run(
            rounds: rounds, warmup: options.warmup, draws: busy == nil ? 1 : options.busyDraws,
            drawWarmup: Self.drawWarmup,
            redraw: { () throws(BenchError) in
                for service in services {
                    service.stopDaemon()
                    try service.launch()
                }
            },
            checkWarmup: { () throws(BenchError) in try checkOneReplyEach(services) },
            progress: { _ in })
        let summaries = services.indices.map { index in
            Dictionary(
                uniqueKeysWithValues: kinds.enumerated().map { offset, kind in
                    (kind, LatencySummary(samples: samples[index * kinds.count + offset]))
                })
        }
        return Outcome(
            services: services, kinds: kinds, summaries: summaries, bus: LatencySummary(samples: samples[calls.count]),
            flush: LatencySummary(samples: samples[calls.count + 1]))
    }

    /// Checks that every call of the warm-up got one reply and no more: a service that answers a call twice (a C
    /// handler returning 0 after its reply makes sd-bus send "Unknown method" too) costs its client and the bus a
    /// message more a call, and its client's queue grows with every one, so its figures would measure that.
    ///
    /// - Throws: ``BenchError/setup(_:)`` naming the service and what it sent.
    static func checkOneReplyEach(_ services: [ServiceUnderTest]) throws(BenchError) {
        for service in services {
            service.client.dispatchArrived(for: .milliseconds(50))
            guard let stray = service.client.firstStrayReply else { continue }
            let what =
                stray.errorName.map { "the error \($0) (\(stray.errorMessage ?? "no message"))" } ?? "a method return"
            let count = service.client.strayReplyCount
            throw .setup(
                "\(service.program) answered a call twice: \(count) replies for calls already answered in the "
                    + "warm-up; the first, to call \(stray.replySerial), was \(what)")
        }
    }

    /// Runs the phase: quiet, or `busy` beside as many CPU-bound processes as cores.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        on services: [ServiceUnderTest], options: BenchOptions, busy: BusyMachine? = nil,
        progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        let rounds = busy == nil ? options.rounds : options.busyRounds
        let count = services.count * kinds.count + 2
        progress(
            "single calls\(busy == nil ? "" : " on the busy machine"): \(options.warmup) warm-up rounds, then "
                + "\(rounds) rounds of \(count)")
        let outcome = try measure(on: services, rounds: rounds, busy: busy, options: options)
        progress("single calls\(busy == nil ? "" : " on the busy machine"), reads alone: \(rounds) rounds")
        let reads = try measure(on: services, rounds: rounds, kinds: readKinds, busy: busy, options: options)
        let prefix = busy == nil ? "" : "busy: "
        var report = PhaseReport(
            title: busy == nil
                ? "Single calls (one client a service, interleaved rounds)"
                : "Single calls beside \(busy?.count ?? 0) CPU-bound processes (interleaved rounds)")
        report.lines =
            lines(outcome) + [
                "", "The same rounds with reads alone (\(rounds) rounds, no write between two reads):", "",
            ]
            + lines(reads)
        report.notes = [
            "\(rounds) rounds after \(options.warmup) warm-up rounds; every call of every service once a round, the "
                + "order shuffled each round; each service has a client connection of its own. × Ping: the median "
                + "over feels-tipsd's Peer.Ping median; drift: the median of the last tenth of the rounds over "
                + "the first tenth's.",
            "C is tips-peerd, the C service over sd-bus on the same bus, with the same reply shapes and the same "
                + "durability (SQLite WAL, synchronous=FULL, one transaction a change): × C is feels-tipsd's median "
                + "over the C service's for the same call.",
            "LogMood and 'PresentNextTip, a tip shown' change the state: each is answered once the commit that holds "
                + "it is durable (an fdatasync of the WAL). 'PresentNextTip, none to show' asks at "
                + "CustomizeContentView, whose one tip was closed first, so nothing is recorded. 'PresentTip, not "
                + "shown' presents HealthKitSyncTip, which waits for the Settings screen: nothing is recorded, but it "
                + "is a write of the contract, ordered after the caller's writes.",
            "'GetTips, one tip' is GetTips([\"SiriShortcutTip\"]), how an app reads one tip: it stands for 0.1.0's "
                + "GetTip in the budgets, and 'GetTips, all seven' (GetTips([])) for its ListTips.",
        ]
        if services.contains(where: { $0.spelling == .previous }) {
            report.notes.append(
                "The baseline serves the contract before 0.2.0, so its rows are that contract's calls for the same "
                    + "work: GetTip(\"SiriShortcutTip\"), DisplayTip(\"HealthKitSyncTip\"), ListTips(), "
                    + "DisplayNextTip(\"DayView\") and DisplayNextTip(\"CustomizeContentView\"), LogMood(\"good\").")
        }
        if services.contains(where: { $0.subject.role == .peerBesideBaseline }) {
            report.notes.append(
                "'C, baseline's bus' is a second tips-peerd beside the baseline, called in the same rounds so that "
                    + "both feels-tipsd share their bus with the same traffic: with the baseline's bus left quieter, a "
                    + "build measured 0.93–0.96 × an identical copy of itself there in the rounds with writes.")
        }
        if let busy {
            report.notes.append(
                "Beside the rounds, \(busy.count) processes ran `sh -c 'while :; do :; done'` (as many as cores); "
                    + "they had \(LatencyTable.fixed(100 * busy.processorShare, 0)) % of a core each on average. The "
                    + "rounds were cut into \(max(1, min(options.busyDraws, rounds))) draws, every service stopped and "
                    + "started again between two and \(drawWarmup) rounds made unmeasured: something a process draws as "
                    + "it starts decides a tenth of a busy call either way, so a run of one process measures one draw.")
        }
        report.notes.append(
            "In the rounds with writes, each round's LogMood changes SiriShortcutTip (its rule's value is the mood "
                + "count), so every GetTips there answers a tip changed since the last read; in the rounds of reads "
                + "alone nothing changes between reads.")
        report.figures =
            figures(of: .build, in: outcome, prefix: prefix, busy: busy != nil)
            + readFigures(of: .build, in: reads, prefix: prefix)
        if outcome.services.contains(where: { $0.subject.role == .baseline }) {
            report.baselineFigures =
                figures(of: .baseline, in: outcome, prefix: prefix, busy: busy != nil)
                + readFigures(of: .baseline, in: reads, prefix: prefix)
        }
        return report
    }

    /// The figures of the service of `role`, each ratio to the C service's same call where one ran.
    private static func figures(
        of role: Subject.Role, in outcome: Outcome, prefix: String, busy: Bool
    ) -> [Figure] {
        func median(_ kind: CallKind) -> Double { outcome.summary(kind, of: role)?.median ?? 0 }
        func p99(_ kind: CallKind) -> Double { outcome.summary(kind, of: role)?.p99 ?? 0 }
        func peer(_ kind: CallKind) -> Double? { outcome.summary(kind, of: .peer)?.median }
        func peerP99(_ kind: CallKind) -> Double? { outcome.summary(kind, of: .peer)?.p99 }
        func ratio(_ value: Double, _ base: Double?) -> Double? {
            guard let base, base > 0, value > 0 else { return nil }
            return value / base
        }
        // The bounds for GetTip (1 ×; GetTips of one tip since 0.2.0) and LogMood (1.1 × quiet, 1.5 × busy); the
        // other calls keep their earlier bound, now over the C service's same call instead of over Ping:
        // PresentNextTip keeps DisplayNextTip's, PresentTip (which records nothing here) the same, Properties.Get its
        // own. The busy machine holds GetTip and LogMood only.
        let getTip: Target = .ratioAtMost(1)
        let logMood: Target = .ratioAtMost(busy ? 1.5 : 1.1)
        func quiet(_ bound: Double) -> Target? { busy ? nil : .ratioAtMost(bound) }
        let ping = median(.ping)
        let flush = outcome.flush.median
        // Beside the CPU-bound processes a p99 is the few rounds that waited a scheduler tick or two: two copies of
        // one build measured 0.81–1.24 × each other there in 500 rounds, 0.81–1.04 × in 2,000 (docs/BENCHMARKS.md).
        let tailSpread: Double? = busy ? 0.25 : nil
        return [
            Figure("\(prefix)Peer.Ping median (floor)", ping, "µs", ratio: ratio(ping, peer(.ping)), to: "C"),
            Figure(
                "\(prefix)GetTips median, one tip", median(.getTipsOne), "µs",
                ratio: ratio(median(.getTipsOne), peer(.getTipsOne)), to: "C", target: getTip),
            Figure(
                "\(prefix)PresentNextTip median, a tip shown", median(.presentNextTipShown), "µs",
                ratio: ratio(median(.presentNextTipShown), peer(.presentNextTipShown)), to: "C",
                target: quiet(1.5)),
            Figure(
                "\(prefix)PresentNextTip median, none to show", median(.presentNextTipNone), "µs",
                ratio: ratio(median(.presentNextTipNone), peer(.presentNextTipNone)), to: "C", target: quiet(1.5)),
            Figure(
                "\(prefix)PresentTip median, not shown", median(.presentTip), "µs",
                ratio: ratio(median(.presentTip), peer(.presentTip)), to: "C", target: quiet(1.5)),
            Figure(
                "\(prefix)Properties.Get median", median(.propertyGet), "µs",
                ratio: ratio(median(.propertyGet), peer(.propertyGet)), to: "C", target: quiet(1.25)),
            Figure(
                "\(prefix)GetTips median, all seven", median(.getTipsAll), "µs",
                ratio: ratio(median(.getTipsAll), median(.getTipsOne)), to: "one tip", target: .ratioAtMost(2)),
            Figure(
                "\(prefix)GetTips median, all seven, against C", median(.getTipsAll), "µs",
                ratio: ratio(median(.getTipsAll), peer(.getTipsAll)), to: "C"),
            Figure(
                "\(prefix)fdatasync of a 4 KiB append, median", flush, "µs", ratio: ratio(flush, ping), to: "Ping"),
            Figure(
                "\(prefix)LogMood median", median(.logMood), "µs", ratio: ratio(median(.logMood), peer(.logMood)),
                to: "C", target: logMood),
            Figure(
                "\(prefix)LogMood p99", p99(.logMood), "µs", ratio: ratio(p99(.logMood), peerP99(.logMood)),
                to: "C p99", spread: tailSpread),
            Figure(
                "\(prefix)GetTips p99, one tip", p99(.getTipsOne), "µs",
                ratio: ratio(p99(.getTipsOne), peerP99(.getTipsOne)), to: "C p99", spread: tailSpread),
        ]
    }

    /// The figures of the rounds of reads alone: GetTips of one tip and of all seven held to the same targets.
    private static func readFigures(of role: Subject.Role, in outcome: Outcome, prefix: String) -> [Figure] {
        func median(_ kind: CallKind, of role: Subject.Role) -> Double? { outcome.summary(kind, of: role)?.median }
        let getTip = median(.getTipsOne, of: role) ?? 0
        let listTips = median(.getTipsAll, of: role) ?? 0
        let peer = median(.getTipsOne, of: .peer) ?? 0
        return [
            Figure(
                "\(prefix)GetTips median, one tip, reads alone", getTip, "µs", ratio: peer > 0 ? getTip / peer : nil,
                to: "C", target: .ratioAtMost(1)),
            Figure(
                "\(prefix)GetTips median, all seven, reads alone", listTips, "µs",
                ratio: getTip > 0 ? listTips / getTip : nil, to: "one tip", target: .ratioAtMost(2)),
        ]
    }

    /// Every series' distribution, then each call side by side on the services.
    private static func lines(_ outcome: Outcome) -> [String] {
        var rows: [(label: String, summary: LatencySummary)] = []
        for (service, summaries) in zip(outcome.services, outcome.summaries) {
            rows += outcome.kinds.compactMap { kind in
                summaries[kind].map { ("\(kind.label), \(service.subject.label)", $0) }
            }
        }
        rows += [(CallKind.busGetID.label, outcome.bus), ("append 4 KiB + fdatasync (no bus)", outcome.flush)]
        let ping = outcome.summary(.ping, of: .build)?.median ?? 0
        var side = [["median µs"] + outcome.services.map(\.subject.label)]
        // This build over each other service; the baseline's C service is there to balance the buses, not to compare.
        let others = outcome.services.filter { $0.subject.role != .build && $0.subject.role != .peerBesideBaseline }
        side[0] += others.map { "× \($0.subject.label)" }
        for kind in outcome.kinds {
            let medians = outcome.services.map { service in outcome.summary(kind, of: service.subject.role)?.median }
            let mine = medians[0] ?? 0
            side.append(
                [kind.label] + medians.map { $0.map { LatencyTable.fixed($0, 1) } ?? "" }
                    + others.map { other in
                        let base = outcome.summary(kind, of: other.subject.role)?.median ?? 0
                        return base > 0 ? LatencyTable.fixed(mine / base, 2) : ""
                    })
        }
        return LatencyTable.lines(rows, floor: ping, base: "Ping") + [""] + TextTable(rows: side).lines
    }
}
