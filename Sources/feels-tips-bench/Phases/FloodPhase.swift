import BusTestSupport
import Glibc
import TipsInterface

/// A reading client's `GetTips` of one tip, call after call, while `tips-flood` sends the service 100,000 calls of
/// `GetTips` of every tip and never reads a reply; against the same reader just before, with no flood.
enum FloodPhase {
    /// The row: the flooded reader's p99, this build's and the baseline's, against this build's reader alone.
    ///
    /// - Parameters:
    ///   - flood: The `tips-flood` executable.
    ///   - duration: How long the reader reads, alone and then flooded.
    /// - Throws: ``BenchError`` for a call that failed, a flood that did not start, or an interruption.
    static func row(
        build: ServiceUnderTest, baseline: ServiceUnderTest?, flood: String, duration: Duration
    ) throws(BenchError) -> BudgetRow {
        let alone = try read(build, for: duration)
        let flooded = try [build, baseline].map { (service) throws(BenchError) in
            try service.map { (service) throws(BenchError) in
                let flooding: ChildProcess
                do {
                    flooding = try ChildProcess(flood, [service.bus.address, "100000", Tips1.Method.getTips.rawValue])
                } catch {
                    throw .setup("Failed to start '\(flood)': \(error)")
                }
                defer { flooding.kill() }
                // The flood's first calls are on the bus before the reader's.
                usleep(200_000)
                guard flooding.isRunning else { throw .setup("tips-flood exited: \(flooding.log)") }
                return Quantity(try read(service, for: duration).p99 / 1000, .milliseconds)
            }
        }
        return BudgetRow(
            what: "GetTips p99 while a client floods", build: flooded[0], baseline: flooded[1],
            floor: Quantity(alone.p99 / 1000, .milliseconds), budget: .atMost(20))
    }

    /// `GetTips` of one tip, one call after the other, for `duration`.
    private static func read(_ service: ServiceUnderTest, for duration: Duration) throws(BenchError) -> LatencySummary {
        let end = ContinuousClock.now.advanced(by: duration)
        var samples: [Duration] = []
        while ContinuousClock.now < end {
            try Interruption.check()
            samples.append(
                try CallKind.getTipsOne.timed(
                    to: service.name, on: service.client, checking: samples.isEmpty,
                    label: "GetTips to \(service.subject.label) beside a flood"))
        }
        return LatencySummary(samples)
    }
}
