import Foundation

/// One reader calling `GetTips` of one tip in a loop, alone and while 16 writers call `LogMood` as fast as they are answered:
/// whether reads wait for the disk. The two kinds of slice alternate.
enum ContentionPhase {
    /// How many writers run beside the reader.
    static let writers = 16

    /// The reader's round trips, alone and beside the writers.
    struct Outcome {
        /// The reader alone.
        let alone: LatencySummary
        /// The reader while the writers run.
        let beside: LatencySummary
        /// LogMood calls answered per second while the reader ran beside the writers.
        let writesPerSecond: Double
        /// The writers' LogMood round trips.
        let writes: LatencySummary
        /// The time feels-tipsd spent on a processor per second of the window, alone and beside the writers.
        let processorShare: (alone: Double, beside: Double)
        /// The time feels-tipsd spent runnable but waiting for a processor per second of the window beside the
        /// writers.
        let waitingShare: Double
        /// Where feels-tipsd's threads spent the windows beside the writers.
        let profile: WallProfile
    }

    /// Measures on each of `services`, the passes of one service interleaved with the others', every service
    /// started again before each pass but the first: as in the busy rounds' draws, something a process draws as it
    /// starts moves its reads by a tenth either way, so one process a phase measured one draw (docs/BENCHMARKS.md).
    ///
    /// - Parameters:
    ///   - rotating: Whether to alternate which kind of slice comes first in each pass; without it every pass is
    ///     reads alone, then reads beside the writers.
    /// - Returns: Each service's outcome, in the order of `services`.
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func measure(
        on services: [ServiceUnderTest], options: BenchOptions, rotating: Bool = true
    ) throws(BenchError) -> [Outcome] {
        var collected = services.map { Collected(profile: WallProfile(pid: $0.pid)) }
        for pass in 0..<options.passes {
            if pass > 0 {
                for service in services {
                    service.stopDaemon()
                    _ = try service.launch()
                    // Settled before the pass: feels-tipsd answers a write once the journal's pages are checked,
                    // which it does after owning its name, and its loop's second thread, out for that write, leaves
                    // 250 ms after it: the reader's first slice then finds the service as it finds it in the others.
                    _ = try BusCall.make(.logMood, to: service.target, on: service.client, checking: true)
                }
                usleep(400_000)
            }
            // Which service goes first changes every pass, so that neither always follows the other's slices.
            let order = pass.isMultiple(of: 2) ? Array(services.indices) : services.indices.reversed()
            for index in order {
                try collected[index].pass(pass, on: services[index], options: options, rotating: rotating)
            }
        }
        return collected.map(\.outcome)
    }

    /// What one service's slices gave so far.
    private struct Collected {
        var alone: [Duration] = []
        var beside: [Duration] = []
        var writes: [Duration] = []
        var writeCount = 0
        var writeSeconds = 0.0
        var aloneSeconds = 0.0
        var processor = (alone: 0.0, beside: 0.0)
        var waiting = 0.0
        var profile: WallProfile

        init(profile: WallProfile) {
            self.profile = profile
        }

        mutating func pass(
            _ pass: Int, on service: ServiceUnderTest, options: BenchOptions, rotating: Bool
        ) throws(BenchError) {
            let slice = options.duration / options.passes
            let warmup = min(Duration.milliseconds(500), max(.milliseconds(100), slice / 5))
            let withWritersFirst = rotating && !pass.isMultiple(of: 2)
            for withWriters in withWritersFirst ? [true, false] : [false, true] {
                let scripts: [[CallKind]] =
                    [[.getTipsOne]] + Array(repeating: [.logMood], count: withWriters ? writers : 0)
                var load = ClientLoad(on: service, scripts: scripts)
                load.watched = [service.pid]
                load.profiled = withWriters ? service.pid : nil
                let result = try load.run(.window(warmup: warmup, length: slice))
                let used = result.schedulerSeconds[service.pid]?.running ?? 0
                if let sampled = result.profile { profile.merge(sampled) }
                if withWriters {
                    processor.beside += used
                    waiting += result.schedulerSeconds[service.pid]?.waiting ?? 0
                    beside += result.latencies(of: .getTipsOne)
                    writes += result.latencies(of: .logMood)
                    writeCount += result.completions(of: [.logMood])
                    writeSeconds += result.windowSeconds
                } else {
                    processor.alone += used
                    aloneSeconds += result.windowSeconds
                    alone += result.latencies(of: .getTipsOne)
                }
            }
        }

        var outcome: Outcome {
            Outcome(
                alone: LatencySummary(samples: alone), beside: LatencySummary(samples: beside),
                writesPerSecond: writeSeconds > 0 ? Double(writeCount) / writeSeconds : 0,
                writes: LatencySummary(samples: writes),
                processorShare: (
                    aloneSeconds > 0 ? processor.alone / aloneSeconds : 0,
                    writeSeconds > 0 ? processor.beside / writeSeconds : 0
                ),
                waitingShare: writeSeconds > 0 ? waiting / writeSeconds : 0, profile: profile)
        }
    }

    /// The table of an outcome; `profiled` adds the sampled states of feels-tipsd's threads.
    static func lines(_ outcome: Outcome, profiled: Bool = false) -> [String] {
        LatencyTable.lines(
            [
                ("GetTips of one tip, reader alone", outcome.alone),
                ("GetTips of one tip, reader beside \(writers) writers", outcome.beside),
                ("LogMood, each of the \(writers) writers", outcome.writes),
            ], floor: outcome.alone.median, base: "alone")
            + [
                "LogMood answered beside the reader: \(LatencyTable.fixed(outcome.writesPerSecond, 0)) calls/s",
                "feels-tipsd on a processor: \(LatencyTable.fixed(100 * outcome.processorShare.alone, 0)) % of the "
                    + "time with the reader alone, \(LatencyTable.fixed(100 * outcome.processorShare.beside, 0)) % "
                    + "beside the writers, when it also waited \(LatencyTable.fixed(100 * outcome.waitingShare, 0)) % "
                    + "of the time for a processor (schedstat)",
            ]
            + (profiled
                ? [
                    "feels-tipsd's threads beside the writers, sampled every 2 ms (\(outcome.profile.samples) samples): "
                        + outcome.profile.top(4).joined(separator: ", ")
                ] : [])
    }

    /// Runs the phase on the feels-tipsd of the other phases (this build's, and the baseline's when measured).
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        on services: [ServiceUnderTest], options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> (report: PhaseReport, outcomes: [Outcome]) {
        progress("reads beside \(writers) writers: \(options.passes) pass\(options.passes == 1 ? "" : "es")")
        let outcomes = try measure(on: services, options: options)
        var report = PhaseReport(title: "Reads while \(writers) writers run")
        for (service, outcome) in zip(services, outcomes) {
            report.lines += (report.lines.isEmpty ? [] : [""]) + ["\(service.subject.label):"] + lines(outcome)
        }
        report.notes = [
            "One client calls GetTips of one tip in a loop; in every other slice \(writers) more clients call LogMood in a loop "
                + "beside it. A latency is taken for every call in flight at some moment of the counted time."
        ]
        func figures(_ outcome: Outcome) -> [Figure] {
            [
                Figure("GetTips median, one tip, reader alone", outcome.alone.median, "µs"),
                Figure(
                    "GetTips median, one tip, beside \(writers) writers", outcome.beside.median, "µs",
                    ratio: ratio(outcome.beside.median, outcome.alone.median), to: "alone", target: .ratioAtMost(3)),
                // Beside 16 writers on 2 cores the service waits for a processor half the time, as on the busy
                // machine: two copies of one build measured this p99 at 0.92–1.36 × each other in ten runs of the
                // phase, nine within 1.25 × (docs/BENCHMARKS.md), so it is held to the busy p99's spread.
                Figure(
                    "GetTips p99, one tip, beside \(writers) writers", outcome.beside.p99, "µs",
                    ratio: ratio(outcome.beside.p99, outcome.alone.p99), to: "p99 alone", spread: 0.25),
            ]
        }
        report.figures = figures(outcomes[0])
        if let baseline = services.firstIndex(where: { $0.subject.role == .baseline }) {
            report.baselineFigures = figures(outcomes[baseline])
        }
        return (report, outcomes)
    }

    /// A ratio, or `nil` over zero or of zero (nothing measured).
    static func ratio(_ value: Double, _ base: Double) -> Double? {
        base > 0 && value > 0 ? value / base : nil
    }
}
