import TipsCore

/// The durable home of the tips state and the mood journal: one SQLite file, open in one process at a time.
///
/// A datastore is used from one thread. Opening it validates the file, takes an exclusive lock that lasts until the
/// datastore is released, and migrates the schema to the current version. Every ``save(_:appending:)`` is one
/// transaction, synced to disk before it returns. Releasing the datastore closes the database, which folds the WAL
/// back into the file and removes it.
public final class TipsDatastore {
    /// The datastore file.
    public let path: String

    private let connection: SQLiteConnection

    /// Opens the datastore at `path`, creating it, and any missing folders, when it does not exist.
    ///
    /// Created folders get mode 0700 and a created file mode 0600, whatever the umask. An existing file is validated
    /// before anything is written to it, and is left exactly as it was when refused.
    /// - Parameter path: The datastore file, usually ``defaultPath(environment:)``.
    /// - Throws: `DatastoreError.cannotCreate` or `.cannotOpen` when the file cannot be had,
    ///   `.notADatastore` for a file that is not SQLite or is another application's database,
    ///   `.newerSchema` for a datastore of a newer version, `.inUse` when another process has it open,
    ///   `.migrationFailed` when an older datastore cannot be brought up to date.
    public init(path: String) throws(DatastoreError) {
        self.path = path
        self.connection = try DatastoreOpening.open(path: path)
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
        return state
    }

    /// Saves the whole state and, when given, appends a mood to the journal, in one transaction.
    ///
    /// The parameters row is rewritten and the tips rows replaced by exactly the state's records. The journal is
    /// never shortened: saving a fresh state, as a reset of the tips does, keeps every mood.
    /// - Parameters:
    ///   - state: The state to keep.
    ///   - mood: A mood to append to the journal, if one was logged.
    /// - Throws: `DatastoreError.writeFailed` when SQLite cannot write (a negative count is refused this way);
    ///   the transaction is then rolled back and nothing of this save is kept.
    public func save(_ state: TipsState, appending mood: MoodEntry? = nil) throws(DatastoreError) {
        do throws(SQLiteError) {
            try connection.prepared("BEGIN IMMEDIATE").run()
            try connection.prepared(ParametersTable.replace).run(ParametersTable.parameters(of: state))
            try connection.prepared(TipsTable.deleteAll).run()
            let insertTip = try connection.prepared(TipsTable.insert)
            for (id, record) in state.tips {
                try insertTip.run(TipsTable.parameters(of: id, record))
            }
            if let mood {
                try connection.prepared(MoodsTable.insert).run(MoodsTable.parameters(of: mood))
            }
            try connection.prepared("COMMIT").run()
        } catch {
            if connection.isInTransaction {
                try? connection.prepared("ROLLBACK").run()
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

    private func read(_ sql: String) throws(DatastoreError) -> [[SQLiteValue]] {
        do throws(SQLiteError) {
            return try connection.prepared(sql).rows()
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
