/// Where a process's threads spend wall-clock time, sampled: how often each was found running, asleep, or waiting
/// on the disk, and in which kernel function it waited. A profile of the time off the processor, which a CPU
/// profiler does not see.
struct WallProfile {
    /// The process sampled.
    let pid: Int32
    /// Samples by state and kernel function, such as `D ext4_sync_file` or `S do_poll`.
    private(set) var counts: [String: Int] = [:]
    /// Thread samples taken.
    private(set) var samples = 0

    /// A profile of `pid`, empty until sampled.
    init(pid: Int32) {
        self.pid = pid
    }

    /// Samples every thread of the process once.
    mutating func sample() {
        for thread in ProcessStatus(pid: pid).threadStates {
            let key = thread.state == "R" ? "R (running or runnable)" : "\(thread.state) \(thread.waitsIn)"
            counts[key, default: 0] += 1
            samples += 1
        }
    }

    /// Adds another profile's samples.
    mutating func merge(_ other: WallProfile) {
        for (key, count) in other.counts {
            counts[key, default: 0] += count
        }
        samples += other.samples
    }

    /// The most frequent states, as `52% D ext4_sync_file`, largest first.
    func top(_ count: Int) -> [String] {
        counts.sorted { $0.value > $1.value }.prefix(count).map { key, value in
            "\(LatencyTable.fixed(100 * Double(value) / Double(max(samples, 1)), 0))% \(key)"
        }
    }
}
