import Glibc

/// A mutex and a condition for the threads of one `PollLoop`, at addresses that never move (pthread objects must
/// not be copied once in use).
final class LoopLock {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
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

    /// Wakes every thread in ``wait()``.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
