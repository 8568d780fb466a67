import CSQLite
import Glibc
import TipsCore

/// The durable home of the tips state and the mood journal: one SQLite file, open in one process at a time.
///
/// A datastore is used from one thread. Opening it validates the file, takes an exclusive lock that lasts until the
/// datastore is closed, and migrates the schema to the current version. Every ``save(_:journal:)`` is one
/// transaction, synced to disk before it returns. ``close()`` (or releasing the datastore) folds the WAL back into
/// the file and removes it, so that the file alone then holds everything.
public final class TipsDatastore {
    /// The datastore file.
    public let path: String

    private var connection: SQLiteConnection?
    /// Which file the datastore opened, to notice when the path comes to name another file or none.
    private var identity: FileIdentity?
    /// Where this datastore's contents were saved after the file was replaced under it; writes are refused since.
    private var replacedAndSavedTo: String?
    /// Whether the path may name another file or none since the datastore last looked (see ``pathCheck``).
    private var pathMayHaveChanged = true
    /// The state the file holds, as last loaded or saved: a save writes only the rows that differ from it.
    private var onDisk: TipsState?

    /// What opening the datastore made safer (a mode tightened), a sentence each, for the service to log.
    public let notes: [String]

    /// Called with a sentence when the datastore recovered from something on its own (the file deleted under it
    /// and written again), for the service to log.
    public var onRecovery: @Sendable (String) -> Void = { _ in }

    /// When a save makes sure the path still names the file it writes to; ``PathCheck/beforeEverySave`` unless a
    /// caller that follows the path says otherwise.
    public var pathCheck = PathCheck.beforeEverySave

    /// Opens the datastore at `path`, creating it, and any missing folders, when it does not exist.
    ///
    /// Created folders get mode 0700 and a created file mode 0600, whatever the umask. An existing file is validated
    /// before anything is written to it, and is left exactly as it was when refused. Opening reads through every page
    /// but the journal's, which grows with the years and would make every start slower: ``verifyJournalPages()``
    /// reads those, before the first write.
    /// - Parameter path: The datastore file, usually ``defaultPath(environment:)``.
    /// - Throws: `DatastoreError.cannotCreate` or `.cannotOpen` when the file cannot be had,
    ///   `.notADatastore` for a file that is not SQLite or is another application's database,
    ///   `.newerSchema` for a datastore of a newer version, `.inUse` when another process has it open,
    ///   `.corrupt` for a damaged page or an altered schema,
    ///   `.migrationFailed` when an older datastore cannot be brought up to date.
    public init(path: String) throws(DatastoreError) {
        self.path = path
        let opened = try DatastoreOpening.open(path: path)
        self.connection = opened.connection
        self.identity = opened.identity
        self.notes = opened.notes
    }

    /// The state last saved; a fresh install's state for a new datastore.
    ///
    /// - Returns: The parameters, every tip's record and the display window.
    /// - Throws: `DatastoreError.corrupt` for a row no version writes, `.readFailed` when SQLite cannot read.
    public func load() throws(DatastoreError) -> TipsState {
        let parameterRows = try read(ParametersTable.select)
        guard parameterRows.count == 1 else {
            throw .corrupt(path: path, reason: "the parameters table has \(parameterRows.count) rows instead of 1")
        }
        var state = TipsState()
        (state.parameters, state.displayWindowOpened) = try decode { () throws(RowDecodingError) in
            try ParametersTable.decode(parameterRows[0])
        }
        for values in try read(TipsTable.select) {
            let (id, record) = try decode { () throws(RowDecodingError) in try TipsTable.decode(values) }
            state.tips[id] = record
        }
        onDisk = state
        return state
    }

    /// Saves the whole state and changes the journal as asked, in order, in one transaction synced to disk: the group
    /// commit of every request gathered while the previous one was being made durable.
    ///
    /// Only the rows that differ from what the file holds are written (the file then holds exactly `state`): a mood
    /// logged rewrites the parameters row and appends to the journal, and leaves the tips' rows alone. The journal is
    /// shortened only by `.forget`: saving a fresh state, as a reset of the tips does, keeps every mood.
    ///
    /// - Parameters:
    ///   - state: The state to keep.
    ///   - journal: What happens to the journal, in order: moods appended, the journal erased.
    /// - Returns: For each `.forget`, how many moods it erased.
    /// - Throws: `DatastoreError.writeFailed` when SQLite cannot write (a negative count is refused this way); the
    ///   transaction is then rolled back and nothing of this save is kept. What ``load()`` throws when nothing was
    ///   loaded before, since the rows are compared with the file's.
    @discardableResult
    public func save(_ state: TipsState, journal: [JournalChange] = []) throws(DatastoreError) -> [Int] {
        var forgotten: [Int] = []
        // A datastore whose file was replaced refuses every write, in checkIdentity, whatever the path check.
        if pathCheck == .beforeEverySave || pathMayHaveChanged || replacedAndSavedTo != nil {
            try checkIdentity()
            pathMayHaveChanged = false
        }
        let before: TipsState
        if let onDisk { before = onDisk } else { before = try load() }
        do throws(SQLiteError) {
            let connection = try open()
            // A transaction found open (one a failed rollback left) makes this fail rather than commit what it holds.
            try connection.prepared(.begin).run()
            if before.parameters != state.parameters || before.displayWindowOpened != state.displayWindowOpened {
                try connection.prepared(.replaceParameters).run(ParametersTable.parameters(of: state))
            }
            for (id, record) in state.tips where before.tips[id] != record {
                try connection.prepared(.replaceTip).run(TipsTable.parameters(of: id, record))
            }
            for id in before.tips.keys where state.tips[id] == nil {
                try connection.prepared(.deleteTip).run([.text(id.rawValue)])
            }
            for change in journal {
                switch change {
                case .append(let mood):
                    try connection.prepared(.insertMood).run(MoodsTable.parameters(of: mood))
                case .forget:
                    try connection.execute(MoodsTable.forget)
                    forgotten.append(connection.changes)
                }
            }
            try connection.prepared(.commit).run()
            onDisk = state
            return forgotten
        } catch {
            if let connection, connection.isInTransaction {
                try? connection.prepared(.rollback).run()
            }
            throw DatastoreError(error, path: path, while: .writing)
        }
    }

    /// Every mood logged, in logging order.
    ///
    /// - Returns: The journal, oldest first.
    /// - Throws: `DatastoreError.corrupt` for a row no version writes, `.readFailed` when SQLite cannot read.
    public func moodJournal() throws(DatastoreError) -> [MoodEntry] {
        var journal: [MoodEntry] = []
        for values in try read(MoodsTable.select) {
            journal.append(try decode { () throws(RowDecodingError) in try MoodsTable.decode(values) })
        }
        return journal
    }

    /// Reads through every page of the datastore, the journal's included: the check opening leaves for later, to be
    /// made before the first write.
    ///
    /// - Throws: `DatastoreError.corrupt` with what SQLite found; nothing has been written then.
    public func verifyJournalPages() throws(DatastoreError) {
        let connection: SQLiteConnection
        do throws(SQLiteError) {
            connection = try open()
        } catch {
            throw DatastoreError(error, path: path, while: .reading)
        }
        try DatastoreCheck.verifyPages(connection, path: path)
    }

    /// Notes that the path may have come to name another file, or none: the next save looks (with
    /// ``PathCheck/whenNoted``; with ``PathCheck/beforeEverySave`` every save looks anyway).
    public func notePathChanged() {
        pathMayHaveChanged = true
    }

    /// Makes sure the path still names the file the datastore writes to, before a write.
    ///
    /// When the file was deleted, the open database (still whole, as the process holds it open) is written back to
    /// the path and reopened, so nothing acknowledged is lost. When another file was put in its place, the
    /// datastore's contents are saved beside it and every write is refused, so neither file is overwritten.
    private func checkIdentity() throws(DatastoreError) {
        if let saved = replacedAndSavedTo { throw .replaced(path: path, savedTo: saved) }
        let now = DatastoreFile.identity(of: path)
        guard now != identity, let connection else { return }
        if now == nil {
            do throws(SQLiteError) {
                try connection.prepared("VACUUM INTO ?1").run([.text(path)])
            } catch {
                throw .writeFailed(path: path, reason: "the file was deleted and cannot be written again: \(error)")
            }
            try reopen()
            onRecovery("Datastore '\(path)' was deleted while in use; wrote it again from the open copy")
            return
        }
        let saved = "\(path).saved-\(getpid())-\(time(nil))"
        do throws(SQLiteError) {
            try connection.prepared("VACUUM INTO ?1").run([.text(saved)])
        } catch {
            throw .writeFailed(path: path, reason: "the file was replaced and ours cannot be saved aside: \(error)")
        }
        replacedAndSavedTo = saved
        throw .replaced(path: path, savedTo: saved)
    }

    /// Closes the connection and opens the file at the path again.
    private func reopen() throws(DatastoreError) {
        connection = nil
        let opened = try DatastoreOpening.open(path: path)
        connection = opened.connection
        identity = opened.identity
    }

    /// Folds the WAL into the database file, removes it and closes the datastore, releasing its lock; a backup of
    /// the file alone then holds everything. Idempotent; every later call on the datastore fails.
    ///
    /// It looks at the path first, whatever ``pathCheck`` says, as a save does: a file deleted since the last save
    /// is written again from the open copy, which would otherwise go with the process; when another file was put in
    /// its place, ours is saved beside it (``onRecovery`` says where) and the datastore is closed all the same.
    ///
    /// - Throws: `DatastoreError.writeFailed` when the checkpoint fails (the WAL then stays, and the next opening
    ///   replays it, so nothing is lost), or when the deleted file cannot be written again (its folder gone, say);
    ///   the datastore is closed all the same.
    public func close() throws(DatastoreError) {
        guard connection != nil else { return }
        var failure: DatastoreError?
        if replacedAndSavedTo == nil {
            do throws(DatastoreError) {
                try checkIdentity()
            } catch {
                if case .replaced(_, let savedTo) = error {
                    onRecovery(
                        "Datastore '\(path)' was replaced by another file while in use; ours is saved as '\(savedTo)', "
                            + "the other left alone")
                } else {
                    failure = error
                }
            }
        }
        guard let connection else { return }
        defer { self.connection = nil }
        do throws(SQLiteError) {
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            throw DatastoreError(error, path: path, while: .writing)
        }
        if let failure { throw failure }
    }

    /// The open connection.
    private func open() throws(SQLiteError) -> SQLiteConnection {
        guard let connection else { throw SQLiteError(code: SQLITE_MISUSE, message: "the datastore is closed") }
        return connection
    }

    private func read(_ sql: String) throws(DatastoreError) -> [[SQLiteValue]] {
        do throws(SQLiteError) {
            return try open().prepared(sql).rows()
        } catch {
            throw DatastoreError(error, path: path, while: .reading)
        }
    }

    private func decode<Value>(_ body: () throws(RowDecodingError) -> Value) throws(DatastoreError) -> Value {
        do throws(RowDecodingError) {
            return try body()
        } catch {
            throw .corrupt(path: path, reason: error.reason)
        }
    }
}
