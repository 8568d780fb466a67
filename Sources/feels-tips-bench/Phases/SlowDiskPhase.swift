/// Reads alone and beside 16 writers again, on a service whose every `fdatasync` and `fsync` takes 500 ms longer:
/// a busy or failing disk, injected by a preloaded library (`Faults/slow-flush.c`, which `scripts/bench` builds).
///
/// The library makes the flush, then sleeps in the thread that called it; every other call runs at full speed on
/// every thread. strace's delay injection, used before, stopped every call of a thread the service started after it
/// attached (strace 6.1), so it measured the tracer whenever a later thread served the reads.
enum SlowDiskPhase {
    /// The delay added to each flush.
    static let delay: Duration = .milliseconds(500)

    /// The command the service runs under: `env`, setting the preload and its delay.
    static func launcher(slowFlush library: String) -> [String] {
        ["env", "LD_PRELOAD=\(library)", "FEELS_BENCH_FLUSH_DELAY_US=\(Int(delay.microseconds))"]
    }

    /// Runs the phase on services of its own, one for each feels-tipsd measured, their passes interleaved.
    ///
    /// - Parameters:
    ///   - subjects: This build's feels-tipsd, and the baseline's when measured.
    ///   - library: The slowing library, `slow-flush.so`.
    ///   - usualReads: Each subject's reader-alone median of the contention phase on the unslowed service, if it ran.
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        _ subjects: [Subject], slowFlush library: String, options: BenchOptions, usualReads: [Subject.Role: Double],
        progress: (String) -> Void
    ) throws(BenchError) -> PhaseReport {
        var report = PhaseReport(title: "Reads while 16 writers run, every fdatasync slowed by 500 ms")
        let launcher = launcher(slowFlush: library)
        progress("reads beside 16 writers on a disk slowed by slow-flush.so: \(options.passes) pass(es)")
        var services: [ServiceUnderTest] = []
        defer {
            for service in services { service.stop() }
        }
        var singles: [Duration] = []
        for subject in subjects {
            let service = try ServiceUnderTest.start(subject, launcher: launcher)
            services.append(service)
            singles.append(try BusCall.make(.logMood, to: service.target, on: service.client, checking: true).elapsed)
        }
        let outcomes = try ContentionPhase.measure(on: services, options: options, rotating: false)
        for (index, service) in services.enumerated() {
            report.lines +=
                (index == 0 ? [] : [""]) + ["\(service.subject.label):"]
                + ContentionPhase.lines(outcomes[index], profiled: true) + [
                    "One LogMood alone, before the slices: \(LatencyTable.fixed(singles[index].microseconds / 1000, 1)) "
                        + "ms (the injected delay shows when it is 500 ms or more)"
                ]
        }
        report.notes = [
            "feels-tipsd runs under `env LD_PRELOAD=slow-flush.so FEELS_BENCH_FLUSH_DELAY_US="
                + "\(Int(delay.microseconds))`: each flush is made, then its thread sleeps. Each pass is reads alone, "
                + "then reads beside the writers; after the writers' slice the bench waits for every call in flight "
                + "to be answered. A thread in the delay shows as 'S hrtimer_nanosleep'.",
            "'Usual median' is read as at most 1.5 × the reader's median alone on the same slowed service.",
        ]
        if singles.contains(where: { $0 < delay }) {
            report.notes.append(
                "The injection did not take: a LogMood took less than 500 ms, so the figures below are not those "
                    + "of a slow disk.")
        }
        func figures(_ index: Int) -> [Figure] {
            let outcome = outcomes[index]
            var figures = [
                Figure("GetTips median, one tip, reader alone, slowed disk", outcome.alone.median, "µs"),
                Figure(
                    "GetTips median, one tip, beside 16 writers, slowed disk", outcome.beside.median, "µs",
                    ratio: ContentionPhase.ratio(outcome.beside.median, outcome.alone.median), to: "alone",
                    target: .ratioAtMost(1.5)),
            ]
            if let usual = usualReads[services[index].subject.role] {
                figures.append(
                    Figure(
                        "GetTips median, one tip, alone, slowed disk, against the unslowed", outcome.alone.median, "µs",
                        ratio: ContentionPhase.ratio(outcome.alone.median, usual), to: "unslowed"))
            }
            return figures
        }
        report.figures = figures(0)
        if let baseline = services.firstIndex(where: { $0.subject.role == .baseline }) {
            report.baselineFigures = figures(baseline)
        }
        return report
    }
}
