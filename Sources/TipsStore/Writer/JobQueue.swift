import Glibc

/// A thread of its own that performs jobs one at a time in the order they are handed in, started with the first job
/// and asleep on a condition variable between them: an idle writer wakes nobody.
final class JobQueue: @unchecked Sendable {
    // @unchecked: `pending`, `busy` and `finishing` are touched only with `mutex` held.

    private let perform: (DatastoreJob) -> DatastoreJobResult
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private var pending: [(job: DatastoreJob, done: @Sendable (DatastoreJobResult) -> Void)] = []
    private var busy = false
    private var finishing = false
    private var thread: pthread_t?

    init(perform: @escaping (DatastoreJob) -> DatastoreJobResult) {
        self.perform = perform
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        finish()
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    /// Queues `job`, starting the thread if it is not running.
    func append(_ job: DatastoreJob, then done: @escaping @Sendable (DatastoreJobResult) -> Void) {
        pthread_mutex_lock(&mutex)
        pending.append((job, done))
        if thread == nil {
            var started = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            if pthread_create(
                &started, nil,
                { context in
                    Unmanaged<JobQueue>.fromOpaque(context!).takeRetainedValue().serve()
                    return nil
                }, context) == 0
            {
                thread = started
            } else {
                Unmanaged<JobQueue>.fromOpaque(context).release()
            }
        }
        let running = thread != nil
        pthread_mutex_unlock(&mutex)
        // After unlocking: woken with the mutex still held, the thread would wake only to wait for it.
        pthread_cond_broadcast(&changed)
        if !running {
            // No thread could be started: the job is performed here, as a program without a loop would.
            serveOnce()
        }
    }

    /// Waits until every job handed in is done.
    func waitUntilIdle() {
        pthread_mutex_lock(&mutex)
        while !pending.isEmpty || busy {
            pthread_cond_wait(&changed, &mutex)
        }
        pthread_mutex_unlock(&mutex)
    }

    /// Finishes the jobs handed in, then ends the thread and waits for it.
    func finish() {
        pthread_mutex_lock(&mutex)
        finishing = true
        pthread_cond_broadcast(&changed)
        let running = thread
        thread = nil
        pthread_mutex_unlock(&mutex)
        if let running {
            pthread_join(running, nil)
        }
    }

    /// The thread's life: every job in turn, asleep when there is none, until finished with none left.
    private func serve() {
        pthread_mutex_lock(&mutex)
        while true {
            while pending.isEmpty, !finishing {
                pthread_cond_wait(&changed, &mutex)
            }
            guard !pending.isEmpty else { break }
            let next = pending.removeFirst()
            busy = true
            pthread_mutex_unlock(&mutex)
            next.done(perform(next.job))
            pthread_mutex_lock(&mutex)
            busy = false
            pthread_cond_broadcast(&changed)
        }
        pthread_mutex_unlock(&mutex)
    }

    /// Performs the jobs waiting on the calling thread.
    private func serveOnce() {
        pthread_mutex_lock(&mutex)
        let jobs = pending
        pending.removeAll()
        pthread_mutex_unlock(&mutex)
        for next in jobs {
            next.done(perform(next.job))
        }
    }
}
