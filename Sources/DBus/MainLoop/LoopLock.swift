import Glibc

/// A mutex and a condition for the threads of one `PollLoop`, at addresses that never move (pthread objects must
/// not be copied once in use).
final class LoopLock {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock, as the loop's timers do: setting the wall clock moves neither.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Releases the lock until another thread calls ``broadcast()`` (or spuriously), then takes it again.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Like ``wait()``, but gives up at `deadline`, in nanoseconds on the monotonic clock.
    func wait(until deadline: Int64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &time)
    }

    /// Wakes every thread in ``wait()`` and ``wait(until:)``.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
