/// A process's time on a processor and waiting in a run queue for one over a window, its threads read again and
/// again: a thread that ends inside the window keeps the time it had when last read, where a sum of the threads at
/// each end lost it (feels-tipsd's second loop thread leaves 250 ms after the last write, and a reader's slice after
/// the writers' then counted its whole life against the reader: a service on a processor "-0 %" of that time).
struct SchedulerWatch {
    /// The process watched.
    let pid: Int32
    private let first: [Int32: (running: Double, waiting: Double)]
    private var last: [Int32: (running: Double, waiting: Double)]

    /// Starts watching `pid` now.
    init(pid: Int32) {
        self.pid = pid
        first = ProcessStatus(pid: pid).threadSchedulerSeconds
        last = first
    }

    /// Reads every thread again; call it more often than a thread may start and end (the bench's load: every 50 ms).
    mutating func sample() {
        for (thread, times) in ProcessStatus(pid: pid).threadSchedulerSeconds {
            last[thread] = times
        }
    }

    /// The time, in seconds, the process's threads spent on a processor and waiting for one since the watch began,
    /// up to the last sample; a thread started since counts from zero.
    var elapsed: (running: Double, waiting: Double) {
        last.reduce((running: 0.0, waiting: 0.0)) { total, entry in
            let start = first[entry.key] ?? (0, 0)
            return (
                total.running + entry.value.running - start.running, total.waiting + entry.value.waiting - start.waiting
            )
        }
    }
}
