import TipsCore

/// The datastore's jobs, performed one at a time, in the order they are handed in, on the writer's own thread
/// (``submit(_:then:)``), so that the thread serving the bus never waits for the disk.
public final class DatastoreWriter: @unchecked Sendable {
    // @unchecked: `datastore` and `refusal` are not Sendable; they are touched by one job at a time, on the writer's
    // thread (the queue's lock orders each job after the one before), and by `close()` once no job can run any more.

    /// The datastore's path, for messages.
    public let path: String

    private let datastore: TipsDatastore
    /// Set once the journal's pages were found damaged: no job runs after that.
    private var refusal: DatastoreError?
    /// The jobs handed to the writer's thread, started with the first.
    private lazy var queue = JobQueue { [unowned self] job in self.perform(job) }

    /// Takes over `datastore`; from now on only the jobs handed in use it: set its ``TipsDatastore/pathCheck``
    /// before.
    public init(taking datastore: TipsDatastore) {
        self.datastore = datastore
        self.path = datastore.path
    }

    /// Performs `job` on the calling thread and returns what it gave: one job at a time, the next only once this one
    /// has returned.
    func perform(_ job: DatastoreJob) -> DatastoreJobResult {
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
                return .done
            case .save(let state, let journal):
                return .saved(forgotten: try datastore.save(state, journal: journal))
            case .readJournal:
                return .journal(try datastore.moodJournal())
            case .notePathChanged:
                datastore.notePathChanged()
                return .done
            }
        } catch {
            return .failed(error)
        }
    }

    /// Has the writer's thread perform `job` after the jobs handed in before it, and call `done` there with what it
    /// gave.
    public func submit(_ job: DatastoreJob, then done: @escaping @Sendable (DatastoreJobResult) -> Void) {
        queue.append(job, then: done)
    }

    /// Waits until the writer's thread has performed every job handed in, and called their `done`.
    public func waitUntilIdle() {
        queue.waitUntilIdle()
    }

    /// Closes the datastore, folding its WAL into the file, once every job handed in is done; no job may be handed in
    /// after.
    ///
    /// - Throws: `DatastoreError` when closing fails; the WAL then stays, and the next opening replays it.
    public func close() throws(DatastoreError) {
        queue.finish()
        try datastore.close()
    }
}

/// Work for the ``DatastoreWriter``.
public enum DatastoreJob: Sendable {
    /// Reads through every page of the journal, which opening left for later
    /// (``TipsDatastore/verifyJournalPages()``); when one is damaged, this job and every later one fail with that
    /// error, and nothing is written.
    case verifyJournalPages
    /// Saves `state` and applies the journal changes in order, in one transaction synced to disk.
    case save(TipsState, [JournalChange])
    /// Reads the whole mood journal.
    case readJournal
    /// Notes that the datastore's path may name another file, or none, since it last looked: the next save looks
    /// (`TipsDatastore.notePathChanged()`). In order with the saves, as every job: a save handed in after it looks.
    case notePathChanged
}

/// What a ``DatastoreJob`` gave.
public enum DatastoreJobResult: Sendable {
    /// The save is durable; for each `.forget` of its journal changes, how many moods it erased.
    case saved(forgotten: [Int])
    /// The journal, oldest first.
    case journal([MoodEntry])
    /// The job that gives nothing back is done: the journal's pages are sound, a change of the path was noted, the
    /// next save's transaction is open.
    case done
    /// The job failed; a save was rolled back entirely.
    case failed(DatastoreError)
}
