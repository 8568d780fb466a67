import DBus

/// A whole bench run: start the service, measure every series interleaved, stop everything, summarise.
enum Benchmark {
    /// Runs the bench; everything it started is stopped and removed before it returns or throws.
    ///
    /// - Parameters:
    ///   - options: The daemon and the number of rounds.
    ///   - progress: Told what the bench is doing, one line at a time.
    /// - Returns: The report to print.
    /// - Throws: ``BenchError`` for a failed setup or call, or an interruption.
    static func run(_ options: BenchOptions, progress: (String) -> Void) throws(BenchError) -> BenchReport {
        let service = try ServiceUnderTest.start(daemonPath: options.daemon)
        defer { service.stop() }
        progress("feels-tipsd owns org.feels.Tips on a private bus; \(options.warmup) warm-up rounds")
        let client = service.client
        let series: [any RoundTrip] = [
            BusCall.ping(on: client), BusCall.getTip(on: client), BusCall.logMood(on: client),
            BusCall.listTips(on: client), BusCall.eligibleTips(on: client), BusCall.busGetID(on: client),
            try FlushProbe(path: service.folder.appendingPathComponent("flush-probe").path),
        ]
        let samples: [[Duration]]
        do {
            samples = try InterleavedRun(series: series).run(
                rounds: options.rounds, warmup: options.warmup, progress: progress)
        } catch {
            // A terminal's Ctrl-C reaches the bus and the daemon too, so a call may fail before the check sees it.
            if let signal = Interruption.signal { throw .interrupted(signal) }
            if case .call(let label, let reason) = error, !service.isDaemonRunning {
                throw .call(
                    label, reason + "; feels-tipsd has exited, saying: " + service.daemonLog.joined(separator: " / "))
            }
            throw error
        }
        return BenchReport(
            rows: zip(series, samples).map { ($0.label, LatencySummary(samples: $1)) }, options: options,
            machine: MachineContext(datastoreFolder: service.folder.path), datastorePath: service.datastorePath,
            command: CommandLine.reproduction(with: options.arguments))
    }
}
