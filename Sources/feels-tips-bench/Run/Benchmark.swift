import BusTestSupport
import Foundation

/// A whole bench run: each phase asked for, in order, every process it started stopped before the next.
enum Benchmark {
    /// Runs the bench; everything it started is stopped and removed before it returns or throws.
    ///
    /// - Parameters:
    ///   - options: The daemon, the C service, the baseline, the phases and their sizes.
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
        // Every feels-tipsd measured: this build's, then the baseline's.
        let daemons = options.subjects.filter { !$0.isPeer }

        if !wanted.isDisjoint(with: [.latency, .throughput, .busy, .contention, .slowDisk]) {
            var usualReads: [Subject.Role: Double] = [:]
            if !wanted.isDisjoint(with: [.latency, .throughput, .busy, .contention]) {
                let started = try startServices(options.subjects)
                defer {
                    for service in started.reversed() { service.stop() }
                }
                // The baseline's C service only balances the single-call rounds; every other part leaves it idle.
                let services = started.filter { $0.subject.role != .peerBesideBaseline }
                try explained(services) { () throws(BenchError) in
                    if wanted.contains(.latency) {
                        phases.append(try LatencyPhase.run(on: started, options: options, progress: progress))
                    }
                    if wanted.contains(.throughput) {
                        phases.append(try ThroughputPhase.run(on: services, options: options, progress: progress))
                    }
                    if wanted.contains(.busy) {
                        let busy = try BusyMachine()
                        defer { busy.stop() }
                        progress("busy machine: \(busy.count) CPU-bound processes started")
                        phases.append(
                            try LatencyPhase.run(on: started, options: options, busy: busy, progress: progress))
                        phases.append(
                            try ThroughputPhase.runBusy(on: services, options: options, busy: busy, progress: progress))
                    }
                    if wanted.contains(.contention) {
                        let daemonServices = services.filter { !$0.subject.isPeer }
                        let contention = try ContentionPhase.run(
                            on: daemonServices, options: options, progress: progress)
                        phases.append(contention.report)
                        for (service, outcome) in zip(daemonServices, contention.outcomes) {
                            usualReads[service.subject.role] = outcome.alone.median
                        }
                    }
                }
            }
            if wanted.contains(.slowDisk) {
                guard let library = options.slowFlush else {
                    throw .setup("the slow-disk phase needs the slowing library: pass it with --slow-flush PATH")
                }
                phases.append(
                    try SlowDiskPhase.run(
                        daemons, slowFlush: library, options: options, usualReads: usualReads, progress: progress))
            }
        }
        if !wanted.isDisjoint(with: [.startup, .journal]) {
            var pairs: [JournalPair] = []
            defer {
                for pair in pairs { pair.stop() }
            }
            for subject in daemons {
                pairs.append(try JournalPair(subject, moods: options.moods, progress: progress))
            }
            if wanted.contains(.startup) {
                phases.append(try StartupPhase.run(on: pairs, options: options, progress: progress))
            }
            if wanted.contains(.journal) {
                try explained(pairs.flatMap { [$0.full, $0.empty] }) { () throws(BenchError) in
                    phases.append(try JournalPhase.run(on: pairs, options: options, progress: progress))
                }
            }
        }
        if wanted.contains(.memory) {
            phases.append(try MemoryPhase.run(daemons, options: options, progress: progress))
        }
        if wanted.contains(.idle) {
            phases.append(try IdlePhase.run(daemons, options: options, progress: progress))
        }
        return BenchReport(
            phases: phases, daemonVersion: version.isEmpty ? "feels-tipsd" : version, options: options,
            machine: machine, loadAtEnd: MachineContext.loadAverage, elapsed: start.duration(to: clock.now),
            command: CommandLine.reproduction(with: options.arguments))
    }

    /// Starts this build's feels-tipsd, the C service on the same bus, the baseline on a bus of its own and the second
    /// C service on the baseline's, in the order of `subjects`; whatever started is stopped again when a later one
    /// fails.
    private static func startServices(_ subjects: [Subject]) throws(BenchError) -> [ServiceUnderTest] {
        var services: [ServiceUnderTest] = []
        do throws(BenchError) {
            for subject in subjects {
                let beside: ServiceUnderTest?
                switch subject.role {
                case .peer: beside = services.first { $0.subject.role == .build }
                case .peerBesideBaseline: beside = services.first { $0.subject.role == .baseline }
                case .build, .baseline: beside = nil
                }
                services.append(try ServiceUnderTest.start(subject, beside: beside))
            }
        } catch {
            for service in services.reversed() { service.stop() }
            throw error
        }
        return services
    }

    /// Runs `body`; a call that fails because a service has exited is reported with what that service said.
    private static func explained(
        _ services: [ServiceUnderTest], _ body: () throws(BenchError) -> Void
    ) throws(BenchError) {
        do {
            try body()
        } catch {
            // A terminal's Ctrl-C reaches the bus and the daemon too, so a call may fail before the check sees it.
            if let signal = Interruption.signal { throw .interrupted(signal) }
            if case .call(let label, let reason) = error, let gone = services.first(where: { !$0.isDaemonRunning }) {
                throw .call(
                    label,
                    reason + "; \(gone.program) has exited, saying: " + gone.daemonLog.joined(separator: " / "))
            }
            throw error
        }
    }
}
