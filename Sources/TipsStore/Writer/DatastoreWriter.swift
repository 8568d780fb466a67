import Glibc
import Synchronization
import TipsCore

/// The datastore on a thread of its own, so that the thread serving the bus never waits for the disk.
///
/// Jobs run one after another, in the order they were submitted; their results come back in that order. The serving
/// thread learns that results are ready when ``wakeDescriptor`` becomes readable, and takes them with
/// ``takeResults()``. ``finish()`` runs the jobs already submitted, closes the datastore (folding its WAL into the
/// file) and ends the thread.
public final class DatastoreWriter: @unchecked Sendable {
    // @unchecked: `datastore` is not Sendable, and it is touched by the writer thread alone from `start` until the
    // thread ends (`finish` joins it before anything else may look at it again); everything the two threads share
    // is inside `shared`, behind a Mutex, and the pipes.

    /// The datastore's path, for messages.
    public let path: String
    /// Readable when results are waiting; register it with the serving thread's event loop.
    public let wakeDescriptor: Int32

    private let datastore: TipsDatastore
    private let jobsRead: Int32
    private let jobsWrite: Int32
    private let wakeWrite: Int32
    private let shared = Mutex(Shared())
    private var thread: pthread_t?
    /// Set, on the writer thread, once the journal's pages were found damaged: no job runs after that.
    private var refusal: DatastoreError?

    private struct Shared {
        var jobs: [DatastoreJob] = []
        var results: [DatastoreJobResult] = []
        var finishing = false
        var closeError: DatastoreError?
    }

    /// Takes over `datastore` and starts the writer thread; from now on only that thread uses the datastore.
    ///
    /// - Throws: `DatastoreError.cannotOpen` when the pipes or the thread cannot be made.
    public init(taking datastore: TipsDatastore) throws(DatastoreError) {
        self.datastore = datastore
        self.path = datastore.path
        var jobs: [Int32] = [0, 0]
        var wake: [Int32] = [0, 0]
        guard pipe(&jobs) == 0, pipe(&wake) == 0 else {
            throw .cannotOpen(
                path: datastore.path, reason: "cannot make the writer's pipes: \(String(cString: strerror(errno)))")
        }
        for descriptor in jobs + wake {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        // The serving thread must never block on either pipe: it writes jobs and reads wake-ups without waiting.
        for descriptor in [jobs[1], wake[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        (jobsRead, jobsWrite, wakeDescriptor, wakeWrite) = (jobs[0], jobs[1], wake[0], wake[1])
        var created = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &created, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<DatastoreWriter>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<DatastoreWriter>.fromOpaque(context).release()
            throw .cannotOpen(
                path: datastore.path, reason: "cannot start the writer thread: \(String(cString: strerror(status)))")
        }
        thread = created
    }

    deinit {
        for descriptor in [jobsRead, jobsWrite, wakeDescriptor, wakeWrite] {
            close(descriptor)
        }
    }

    /// Queues `job`; its result comes back through ``takeResults()``, after those of every job submitted before.
    public func submit(_ job: DatastoreJob) {
        shared.withLock { $0.jobs.append(job) }
        poke(jobsWrite)
    }

    /// The results ready so far, in submission order; drains ``wakeDescriptor``.
    public func takeResults() -> [DatastoreJobResult] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(wakeDescriptor, $0.baseAddress, $0.count) }) > 0 {}
        return shared.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Runs the jobs already submitted, closes the datastore (folding its WAL into the file) and ends the thread.
    ///
    /// - Returns: The results not yet taken.
    /// - Throws: `DatastoreError` when closing fails; the WAL then stays, and the next opening replays it.
    public func finish() throws(DatastoreError) -> [DatastoreJobResult] {
        shared.withLock { $0.finishing = true }
        poke(jobsWrite)
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        let (results, error) = shared.withLock { state in
            defer { state.results.removeAll() }
            return (state.results, state.closeError)
        }
        if let error { throw error }
        return results
    }

    // MARK: - The writer thread

    private func run() {
        var byte: UInt8 = 0
        while true {
            let (jobs, finishing) = shared.withLock { state in
                defer { state.jobs.removeAll() }
                return (state.jobs, state.finishing)
            }
            for job in jobs {
                let result = perform(job)
                shared.withLock { $0.results.append(result) }
                poke(wakeWrite)
            }
            if finishing && jobs.isEmpty {
                break
            }
            if jobs.isEmpty {
                // Wait for the next poke; EINTR just loops.
                _ = read(jobsRead, &byte, 1)
            }
        }
        do throws(DatastoreError) {
            try datastore.close()
        } catch {
            shared.withLock { $0.closeError = error }
        }
    }

    private func perform(_ job: DatastoreJob) -> DatastoreJobResult {
        if let refusal { return .failed(refusal) }
        do throws(DatastoreError) {
            switch job {
            case .verifyJournalPages:
                do throws(DatastoreError) {
                    try datastore.verifyJournalPages()
                } catch {
                    refusal = error
                    throw error
                }
                return .verified
            case .save(let state, let journal):
                return .saved(forgotten: try datastore.save(state, journal: journal))
            case .readJournal:
                return .journal(try datastore.moodJournal())
            }
        } catch {
            return .failed(error)
        }
    }

    private func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up that has not been read, which is all a poke is.
        _ = write(descriptor, &byte, 1)
    }
}

/// Work for the ``DatastoreWriter``.
public enum DatastoreJob: Sendable {
    /// Reads through every page of the journal (see ``PageCheck/allButTheJournal``); when one is damaged, this job
    /// and every later one fail with that error, and nothing is written.
    case verifyJournalPages
    /// Saves `state` and applies the journal changes in order, in one transaction synced to disk.
    case save(TipsState, [JournalChange])
    /// Reads the whole mood journal.
    case readJournal
}

/// What a ``DatastoreJob`` gave.
public enum DatastoreJobResult: Sendable {
    /// Every page of the journal was read and is sound.
    case verified
    /// The save is durable; for each `.forget` of its journal changes, how many moods it erased.
    case saved(forgotten: [Int])
    /// The journal, oldest first.
    case journal([MoodEntry])
    /// The job failed; a save was rolled back entirely.
    case failed(DatastoreError)
}
