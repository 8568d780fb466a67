import CSystem
import Glibc

/// Work other threads hand to a loop, and the eventfd the loop sleeps on to hear of it.
final class PostedWork: @unchecked Sendable {
    // @unchecked: `work` is touched only with `mutex` held.

    /// The eventfd, `-1` when it could not be made.
    let descriptor: Int32
    private var mutex = pthread_mutex_t()
    private var work: [@Sendable () -> Void] = []

    init() {
        descriptor = eventfd(0, CSYSTEM_EFD_CLOEXEC | CSYSTEM_EFD_NONBLOCK)
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Adds `item`, and wakes the loop when it is the first since the loop last took the work.
    func append(_ item: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(&mutex)
        let first = work.isEmpty
        work.append(item)
        pthread_mutex_unlock(&mutex)
        if first {
            var one: UInt64 = 1
            _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
        }
    }

    /// Takes every item posted so far, in order, and resets the wake-up.
    func take() -> [@Sendable () -> Void] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let taken = work
        work.removeAll()
        return taken
    }
}

/// Posts work to a ``PollLoop`` from any thread: the loop runs it on its own thread, as a handler, soon.
public struct LoopMailbox: Sendable {
    let posted: PostedWork

    /// Hands `work` to the loop.
    public func post(_ work: @escaping @Sendable () -> Void) {
        posted.append(work)
    }
}
