/// The calls a load made and the window they are counted in.
///
/// Throughput counts the calls *answered* inside the window; latency takes every call that was in flight at some
/// moment of it, however long it took, so that a call held up across the whole window (by a slow disk, say) still
/// counts.
struct LoadResult {
    /// Where counting starts: after the warm-up, when every client is busy.
    let windowStart: ContinuousClock.Instant
    /// Where counting ends.
    let windowEnd: ContinuousClock.Instant
    /// Every call every client made, in no particular order.
    let samples: [LoadSample]
    /// The time each watched process's threads spent over the window on a processor and waiting for one, in
    /// seconds.
    var schedulerSeconds: [Int32: (running: Double, waiting: Double)] = [:]
    /// The profiled process's threads' states over the window.
    var profile: WallProfile?

    /// The window's length in seconds.
    var windowSeconds: Double {
        windowStart.duration(to: windowEnd).microseconds / 1e6
    }

    /// How many calls of `kinds` were answered inside the window.
    func completions(of kinds: Set<CallKind>) -> Int {
        samples.reduce(0) { count, sample in
            kinds.contains(sample.kind) && sample.end >= windowStart && sample.end < windowEnd ? count + 1 : count
        }
    }

    /// The round trips of the calls of `kind` in flight at some moment of the window, in the order they were sent.
    func latencies(of kind: CallKind) -> [Duration] {
        samples.filter { $0.kind == kind && $0.start < windowEnd && $0.end > windowStart }
            .sorted { $0.start < $1.start }
            .map { $0.start.duration(to: $0.end) }
    }
}
