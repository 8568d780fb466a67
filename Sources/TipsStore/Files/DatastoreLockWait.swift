import Glibc

/// Waits, without polling, for the process that holds a datastore to let it go: a thread of its own blocks on a lock
/// over the bytes SQLite locks (`fcntl(F_OFD_SETLKW)`), and ``descriptor`` becomes readable once it got it, so an
/// event loop learns of it at once. The lock is let go at once too: the caller then opens the datastore as usual,
/// and waits again if a third process was quicker.
///
/// Only while this process has no SQLite connection to the file: closing any descriptor of a file drops every POSIX
/// lock the process holds on it, SQLite's among them.
public final class DatastoreLockWait: @unchecked Sendable {
    // @unchecked: the thread touches only `path` (a constant) and the pipe's write end, which it closes when done.

    /// SQLite's lock bytes in a database file (`PENDING_BYTE`, then the reserved byte and the shared range): a lock
    /// on them conflicts with any lock SQLite holds.
    static let lockedRange = (start: 0x4000_0000, length: 512)

    // <fcntl.h> gives F_OFD_SETLKW only with _GNU_SOURCE, which Swift's Glibc module does not define; Linux's value.
    private static let setOpenFileDescriptionLockWaiting: Int32 = 38

    /// The datastore file.
    private let path: String
    /// Readable once the datastore was free; register it with the event loop.
    public let descriptor: Int32
    private let writeEnd: Int32

    /// Starts waiting for the datastore at `path`.
    ///
    /// - Throws: `DatastoreError.cannotOpen` when the pipe or the thread cannot be made.
    public init(path: String) throws(DatastoreError) {
        self.path = path
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw .cannotOpen(path: path, reason: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        (descriptor, writeEnd) = (ends[0], ends[1])
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<DatastoreLockWait>.fromOpaque(context).takeRetainedValue().waitForTheLock()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<DatastoreLockWait>.fromOpaque(context).release()
            close(descriptor)
            close(writeEnd)
            throw .cannotOpen(path: path, reason: "cannot start a thread: \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }

    deinit {
        close(descriptor)
    }

    /// The process holding a POSIX lock on SQLite's bytes of the file at `path`: the SQLite connection that has the
    /// datastore open (`fcntl(F_GETLK)`); `nil` when none does or the file cannot be opened.
    public static func holder(of path: String) -> Int32? {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(lockedRange.start)
        lock.l_len = off_t(lockedRange.length)
        guard fcntl(file, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK), lock.l_pid > 0 else { return nil }
        return lock.l_pid
    }

    /// What the wait came to, once ``descriptor`` is readable: `nil` while it goes on, "" when the datastore is free
    /// (or gone), else why the wait could not be made.
    public func outcome() -> String? {
        var error: Int32 = 0
        guard read(descriptor, &error, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size else { return nil }
        return error == 0 ? "" : String(cString: strerror(error))
    }

    private func waitForTheLock() {
        var error: Int32 = 0
        // Read-write, for a write lock: it conflicts with SQLite's shared locks as with its exclusive one. A file that
        // is gone is free; opening the datastore says what else may be wrong with it.
        let file = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        if file < 0, errno != ENOENT { error = errno }
        if file >= 0 {
            var lock = flock()
            lock.l_type = Int16(F_WRLCK)
            lock.l_whence = Int16(SEEK_SET)
            lock.l_start = off_t(Self.lockedRange.start)
            lock.l_len = off_t(Self.lockedRange.length)
            while fcntl(file, Self.setOpenFileDescriptionLockWaiting, &lock) != 0 {
                guard errno == EINTR else {
                    error = errno
                    break
                }
            }
            // Closing the descriptor lets the lock go (an open file description's lock ends with it).
            close(file)
        }
        _ = write(writeEnd, &error, MemoryLayout<Int32>.size)
        close(writeEnd)
    }
}
