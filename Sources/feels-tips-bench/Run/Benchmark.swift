import BusTestSupport
import Foundation

/// A whole bench run: each phase asked for, in order, every process it started stopped before the next.
enum Benchmark {
    /// Runs the bench; everything it started is stopped and removed before it returns or throws.
    ///
    /// - Parameters:
    ///   - options: The daemon, the phases and their sizes.
    ///   - progress: Told what the bench is doing, one line at a time.
    /// - Returns: The report to print.
    /// - Throws: ``BenchError`` for a failed setup or call, or an interruption.
    static func run(_ options: BenchOptions, progress: (String) -> Void) throws(BenchError) -> BenchReport {
        let clock = ContinuousClock()
        let start = clock.now
        let machine = MachineContext(datastoreFolder: FileManager.default.temporaryDirectory.path)
        let version =
            (try? runTool(options.daemon, ["--version"]))?.stdout
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var phases: [PhaseReport] = []
        let wanted = options.phases

        if !wanted.isDisjoint(with: [.latency, .throughput, .contention, .slowDisk]) {
            var usualReads: Double?
            if !wanted.isDisjoint(with: [.latency, .throughput, .contention]) {
                let service = try ServiceUnderTest.start(daemonPath: options.daemon)
                defer { service.stop() }
                try explained(service) { () throws(BenchError) in
                    if wanted.contains(.latency) {
                        phases.append(try LatencyPhase.run(on: service, options: options, progress: progress).report)
                    }
                    if wanted.contains(.throughput) {
                        phases.append(try ThroughputPhase.run(on: service, options: options, progress: progress))
                    }
                    if wanted.contains(.contention) {
                        let contention = try ContentionPhase.run(on: service, options: options, progress: progress)
                        phases.append(contention.report)
                        usualReads = contention.outcome.alone.median
                    }
                }
            }
            if wanted.contains(.slowDisk) {
                phases.append(try SlowDiskPhase.run(options: options, usualReads: usualReads, progress: progress))
            }
        }
        if !wanted.isDisjoint(with: [.startup, .journal]) {
            let pair = try JournalPair(daemonPath: options.daemon, moods: options.moods, progress: progress)
            defer { pair.stop() }
            if wanted.contains(.startup) {
                phases.append(try StartupPhase.run(on: pair, options: options, progress: progress))
            }
            if wanted.contains(.journal) {
                try explained(pair.full) { () throws(BenchError) in
                    try explained(pair.empty) { () throws(BenchError) in
                        phases.append(try JournalPhase.run(on: pair, options: options, progress: progress))
                    }
                }
            }
        }
        if wanted.contains(.memory) {
            phases.append(try MemoryPhase.run(options: options, progress: progress))
        }
        if wanted.contains(.idle) {
            phases.append(try IdlePhase.run(options: options, progress: progress))
        }
        return BenchReport(
            phases: phases, daemonVersion: version.isEmpty ? "feels-tipsd" : version, options: options,
            machine: machine, loadAtEnd: MachineContext.loadAverage, elapsed: start.duration(to: clock.now),
            command: CommandLine.reproduction(with: options.arguments))
    }

    /// Runs `body`; a call that fails because the daemon has exited is reported with what the daemon said.
    private static func explained(
        _ service: ServiceUnderTest, _ body: () throws(BenchError) -> Void
    ) throws(BenchError) {
        do {
            try body()
        } catch {
            // A terminal's Ctrl-C reaches the bus and the daemon too, so a call may fail before the check sees it.
            if let signal = Interruption.signal { throw .interrupted(signal) }
            if case .call(let label, let reason) = error, !service.isDaemonRunning {
                throw .call(
                    label, reason + "; feels-tipsd has exited, saying: " + service.daemonLog.joined(separator: " / "))
            }
            throw error
        }
    }
}
