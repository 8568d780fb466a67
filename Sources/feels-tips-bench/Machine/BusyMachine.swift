import BusTestSupport

/// A CPU-bound process per core beside what is measured, as a compile on a desktop: each is
/// `sh -c 'while :; do :; done'`, which never sleeps nor makes a system call. Stopped by ``stop()`` or when released.
final class BusyMachine {
    private var spinners: [ChildProcess] = []

    /// Starts one CPU-bound process for each core.
    ///
    /// - Throws: ``BenchError/setup(_:)`` when one cannot be started; those already started are stopped.
    init() throws(BenchError) {
        do {
            for _ in 0..<MachineContext.cores {
                spinners.append(try ChildProcess("/bin/sh", ["-c", "while :; do :; done"]))
            }
        } catch {
            stop()
            throw .setup("Failed to start a CPU-bound process: \(error)")
        }
    }

    deinit {
        stop()
    }

    /// Stops every process. Idempotent.
    func stop() {
        for spinner in spinners { spinner.kill() }
        spinners.removeAll()
    }
}
