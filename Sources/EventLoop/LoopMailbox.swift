import CSystem
import Glibc

/// Where any thread posts work to a ``PollLoop``: the loop runs it on its own thread, as a handler, soon, woken by
/// the eventfd it sleeps on.
public final class LoopMailbox: @unchecked Sendable {
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

    /// Hands `work` to the loop, and wakes it when this is the first work since the loop last took what was posted.
    public func post(_ work: @escaping @Sendable () -> Void) {
        pthread_mutex_lock(&mutex)
        let first = self.work.isEmpty
        self.work.append(work)
        pthread_mutex_unlock(&mutex)
        if first {
            var one: UInt64 = 1
            _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
        }
    }

    /// Takes every piece of work posted so far, in order, and resets the wake-up.
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
