import Glibc

/// The disk's own cost of a durable write, with no bus and no SQLite: a 4 KiB append (one page, as a WAL frame
/// is) to a file in the datastore's folder, then `fdatasync`. It shows how much of a write the flush alone explains.
final class FlushProbe: RoundTrip {
    let label = "append 4 KiB + fdatasync (no bus)"
    private let descriptor: Int32
    private let block = [UInt8](repeating: 0x46, count: 4096)
    private var size = 0
    // As SQLite reuses its WAL after a checkpoint, the probe starts its file again past this size.
    private let largestSize = 4 << 20

    /// Creates the probe's file.
    ///
    /// - Parameter path: The file to write; created, and truncated if it exists.
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

    func measure(checking: Bool) throws(BenchError) -> Duration {
        if size >= largestSize {
            guard ftruncate(descriptor, 0) == 0 else { throw .call(label, String(cString: strerror(errno))) }
            size = 0
        }
        let clock = ContinuousClock()
        let start = clock.now
        let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fdatasync(descriptor)
        let elapsed = start.duration(to: clock.now)
        guard written == block.count, synced == 0 else {
            throw .call(label, String(cString: strerror(errno)))
        }
        size += written
        return elapsed
    }
}
