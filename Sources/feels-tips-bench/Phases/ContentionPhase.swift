/// One reader calling `GetTip` in a loop, alone and while 16 writers call `LogMood` as fast as they are answered:
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
    }

    /// Measures on `service`.
    ///
    /// - Parameters:
    ///   - rotating: Whether to alternate which kind of slice comes first in each pass; without it every pass is
    ///     reads alone, then reads beside the writers.
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func measure(
        on service: ServiceUnderTest, options: BenchOptions, rotating: Bool = true
    ) throws(BenchError) -> Outcome {
        let slice = options.duration / options.slices
        let warmup = min(Duration.milliseconds(500), max(.milliseconds(100), slice / 5))
        var alone: [Duration] = []
        var beside: [Duration] = []
        var writes: [Duration] = []
        var writeCount = 0
        var writeSeconds = 0.0
        for pass in 0..<options.slices {
            let withWritersFirst = rotating && !pass.isMultiple(of: 2)
            for withWriters in withWritersFirst ? [true, false] : [false, true] {
                let scripts: [[CallKind]] = [[.getTip]] + Array(repeating: [.logMood], count: withWriters ? writers : 0)
                let result = try ClientLoad(address: service.address, scripts: scripts)
                    .run(.window(warmup: warmup, length: slice))
                if withWriters {
                    beside += result.latencies(of: .getTip)
                    writes += result.latencies(of: .logMood)
                    writeCount += result.completions(of: [.logMood])
                    writeSeconds += result.windowSeconds
                } else {
                    alone += result.latencies(of: .getTip)
                }
            }
        }
        return Outcome(
            alone: LatencySummary(samples: alone), beside: LatencySummary(samples: beside),
            writesPerSecond: writeSeconds > 0 ? Double(writeCount) / writeSeconds : 0,
            writes: LatencySummary(samples: writes))
    }

    /// The table of an outcome.
    static func lines(_ outcome: Outcome) -> [String] {
        LatencyTable.lines(
            [
                ("GetTip, reader alone", outcome.alone),
                ("GetTip, reader beside \(writers) writers", outcome.beside),
                ("LogMood, each of the \(writers) writers", outcome.writes),
            ], floor: outcome.alone.median, base: "alone")
            + ["LogMood answered beside the reader: \(LatencyTable.fixed(outcome.writesPerSecond, 0)) calls/s"]
    }

    /// Runs the phase on the service of the other phases.
    ///
    /// - Throws: ``BenchError`` for a failed call or setup, or an interruption.
    static func run(
        on service: ServiceUnderTest, options: BenchOptions, progress: (String) -> Void
    ) throws(BenchError) -> (report: PhaseReport, outcome: Outcome) {
        progress("reads beside \(writers) writers: \(options.slices) pass\(options.slices == 1 ? "" : "es")")
        let outcome = try measure(on: service, options: options)
        var report = PhaseReport(title: "Reads while \(writers) writers run")
        report.lines = lines(outcome)
        report.notes = [
            "One client calls GetTip in a loop; in every other slice \(writers) more clients call LogMood in a loop "
                + "beside it. A latency is taken for every call in flight at some moment of the counted time."
        ]
        report.figures = [
            Figure("GetTip median, reader alone", outcome.alone.median, "µs"),
            Figure(
                "GetTip median beside \(writers) writers", outcome.beside.median, "µs",
                ratio: ratio(outcome.beside.median, outcome.alone.median), to: "alone", target: .ratioAtMost(3)),
            Figure(
                "GetTip p99 beside \(writers) writers", outcome.beside.p99, "µs",
                ratio: ratio(outcome.beside.p99, outcome.alone.p99), to: "p99 alone"),
        ]
        return (report, outcome)
    }

    /// A ratio, or `nil` over zero or of zero (nothing measured).
    static func ratio(_ value: Double, _ base: Double) -> Double? {
        base > 0 && value > 0 ? value / base : nil
    }
}
