import Glibc

/// The disk's own cost of a durable write, with no bus and no SQLite: a 4 KiB append (a WAL frame's page) to a file
/// beside the datastores, then `fdatasync`.
final class FlushProbe {
    private let descriptor: Int32
    private let block = [UInt8](repeating: 0x46, count: 4096)

    /// Creates the probe's file at `path`, truncated if it exists; a run's appends stay a few MiB.
    ///
    /// - Throws: ``BenchError/setup(_:)`` when it cannot be opened.
    init(path: String) throws(BenchError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .setup("Failed to create the flush probe '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Appends and syncs once.
    ///
    /// - Returns: How long the append and the `fdatasync` took.
    /// - Throws: ``BenchError/call(_:_:)`` when either fails.
    func measure() throws(BenchError) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fdatasync(descriptor)
        let elapsed = start.duration(to: clock.now)
        guard written == block.count, synced == 0 else { throw .call("fdatasync", String(cString: strerror(errno))) }
        return elapsed
    }
}
