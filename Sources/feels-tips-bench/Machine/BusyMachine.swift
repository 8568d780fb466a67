import BusTestSupport
import Glibc

/// As many CPU-bound processes as the machine has cores, running beside what is measured: a compile and a game on a
/// desktop. Each is `sh -c 'while :; do :; done'`, a loop of the shell's `:` that never sleeps nor makes a system
/// call, started in the bench's session like the services, so they compete with them directly. Stopped by ``stop()``
/// or when released.
final class BusyMachine {
    /// The CPU-bound processes.
    private var spinners: [ChildProcess] = []
    private var startTimes: [Double] = []
    private let clock = ContinuousClock()
    private var started: ContinuousClock.Instant

    /// Starts one CPU-bound process for each core.
    ///
    /// - Throws: ``BenchError/setup(_:)`` when a process cannot be started; those already started are stopped.
    init(processes count: Int = MachineContext.cores) throws(BenchError) {
        started = clock.now
        for _ in 0..<count {
            do {
                spinners.append(try ChildProcess("/bin/sh", ["-c", "while :; do :; done"]))
            } catch {
                stop()
                throw .setup("Failed to start a CPU-bound process: \(error)")
            }
        }
        startTimes = spinners.map { ProcessStatus(pid: $0.pid).schedulerSeconds.running }
        started = clock.now
    }

    deinit {
        stop()
    }

    /// How many processes run.
    var count: Int { spinners.count }

    /// The share of one core each process had on average since it started, from schedstat: near 1 when the machine
    /// had nothing else to run, less when the service, the bus, the clients and other people's work took their part.
    var processorShare: Double {
        let seconds = started.duration(to: clock.now).microseconds / 1e6
        guard seconds > 0, !spinners.isEmpty else { return 0 }
        let used = zip(spinners, startTimes).reduce(0.0) { sum, pair in
            sum + ProcessStatus(pid: pair.0.pid).schedulerSeconds.running - pair.1
        }
        return used / seconds / Double(spinners.count)
    }

    /// Stops every process. Idempotent.
    func stop() {
        for spinner in spinners {
            spinner.kill()
        }
        spinners.removeAll()
    }
}
