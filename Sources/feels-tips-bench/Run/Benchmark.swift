import BusTestSupport

/// A whole bench run, every phase against floors measured in the same run: everything it starts is stopped and
/// removed before it returns or throws.
enum Benchmark {
    /// Runs the bench.
    ///
    /// - Parameters:
    ///   - options: The programs to measure, and whether the run is short.
    ///   - progress: Told what the bench is doing, one line at a time.
    /// - Returns: The report to print.
    /// - Throws: ``BenchError`` for a failed setup or call, or an interruption.
    static func run(_ options: BenchOptions, progress: (String) -> Void) throws(BenchError) -> BenchReport {
        let loadAtStart = MachineContext.load
        let flood: String
        do { flood = try builtProduct("tips-flood") } catch {
            throw .setup("no tips-flood beside feels-tips-bench: `swift build -c release --product tips-flood`")
        }
        // This build and the C service share a bus; the baseline has one of its own, with a second C service.
        var services: [ServiceUnderTest] = []
        defer {
            for service in services.reversed() { service.stop() }
        }
        let build = try ServiceUnderTest(Subject(role: .build, path: options.daemon))
        services.append(build)
        let peer = try ServiceUnderTest(Subject(role: .peer, path: options.peer), beside: build)
        services.append(peer)
        var baseline: ServiceUnderTest?
        if let path = options.baseline {
            let started = try ServiceUnderTest(Subject(role: .baseline, path: path))
            services.append(started)
            services.append(
                try ServiceUnderTest(Subject(role: .peerBesideBaseline, path: options.peer), beside: started))
            baseline = started
        }
        let probe = try FlushProbe(path: build.folder.appendingPathComponent("flush-probe").path)
        var rows: [BudgetRow] = []
        try explained(services) { () throws(BenchError) in
            progress("single calls: \(options.warmup) warm-up rounds, then \(options.rounds.quiet) rounds")
            rows += try SingleCallsPhase.run(
                services, probe: probe, rounds: options.rounds.quiet, warmup: options.warmup, busy: false)
            let busy = try BusyMachine()
            defer { busy.stop() }
            progress("single calls beside a CPU-bound process per core: \(options.rounds.busy) rounds")
            rows += try SingleCallsPhase.run(
                services, probe: probe, rounds: options.rounds.busy, warmup: options.warmup, busy: true)
            busy.stop()
            progress("\(PipelinePhase.calls) pipelined calls")
            rows += try PipelinePhase.rows(build: build, baseline: baseline, peer: peer)
            progress("a reader beside a flooding client, \(options.floodTime) each")
            rows.append(try FloodPhase.row(build: build, baseline: baseline, flood: flood, duration: options.floodTime))
            progress("start-up: \(options.starts) starts of each service, in turn")
            rows.append(try StartupPhase.row(build: build, baseline: baseline, peer: peer, starts: options.starts))
        }
        for service in services.reversed() { service.stop() }
        rows += try IdlePhase.rows(options: options, progress: progress)
        return BenchReport(options: options, rows: rows, loadAtStart: loadAtStart)
    }

    /// Runs `body`; a call that fails because a service has exited is reported with what that service said.
    private static func explained(
        _ services: [ServiceUnderTest], _ body: () throws(BenchError) -> Void
    ) throws(BenchError) {
        do {
            try body()
        } catch {
            if let signal = Interruption.signal { throw .interrupted(signal) }
            for service in services { try service.checkRunning() }
            throw error
        }
    }
}
