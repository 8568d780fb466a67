/// Exec to the bus name owned: each service stopped and started again on its datastore, in turn, each start timed
/// from just before `posix_spawn` to the bus's `NameOwnerChanged` reaching the bench.
enum StartupPhase {
    /// Times `starts` starts of every service and returns the row: the medians of this build, the baseline and the C
    /// service.
    ///
    /// - Throws: ``BenchError`` for a failed start or an interruption.
    static func row(
        build: ServiceUnderTest, baseline: ServiceUnderTest?, peer: ServiceUnderTest, starts: Int
    ) throws(BenchError) -> BudgetRow {
        let services = [build, peer] + (baseline.map { [$0] } ?? [])
        var times = services.map { _ in [Duration]() }
        for start in 0..<starts {
            // Every service goes first as often as the others.
            for offset in services.indices {
                let index = (start + offset) % services.count
                services[index].stopDaemon()
                times[index].append(try services[index].launch())
            }
        }
        func median(_ index: Int) -> Quantity { Quantity(LatencySummary(times[index]).median / 1000, .milliseconds) }
        return BudgetRow(
            what: "exec → org.feels.Tips owned, median", build: median(0),
            baseline: baseline == nil ? nil : median(2), floor: median(1), budget: .atMost(20))
    }
}
