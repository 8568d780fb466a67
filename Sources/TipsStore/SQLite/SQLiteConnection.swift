import CSQLite
import TipsCore

/// An open SQLite database, used from one thread; closed when released.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// Statements a caller numbers (``prepared(_:number:)``), found by their number.
    private var numbered: [Statement?] = []

    /// Opens the database file at `path`.
    ///
    /// - Parameters:
    ///   - path: The database file.
    ///   - create: Whether SQLite may create the file; the datastore creates it itself, with the mode it wants.
    /// - Throws: `SQLiteError` when SQLite cannot open it.
    init(path: String, create: Bool = false) throws(SQLiteError) {
        handle = try Self.open(
            path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0))
    }

    /// Opens the database file at `path` read-only as it is on disk, ignoring any WAL beside it and taking no lock:
    /// SQLite's `immutable` mode, for looking at a file before deciding whether its WAL may be replayed into it.
    ///
    /// - Throws: `SQLiteError` when SQLite cannot open it.
    init(immutableFileAt path: String) throws(SQLiteError) {
        // A URI filename, so that SQLite reads a path with `?` or `#` in it as the path.
        let uri = "file:" + PercentEncodedPath.encoding(path)
        handle = try Self.open(uri + "?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
    }

    /// Opens `filename` with `flags`, with extended result codes on.
    private static func open(_ filename: String, flags: Int32) throws(SQLiteError) -> OpaquePointer {
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(filename, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let error = SQLiteError(status: status == SQLITE_OK ? SQLITE_CANTOPEN : status, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        return handle
    }

    deinit {
        // Statements first: a connection closes only once its statements are finalized.
        numbered.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, which may hold several statements separated by semicolons, ignoring any rows.
    ///
    /// - Throws: `SQLiteError` at the first statement that fails.
    func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else {
            throw SQLiteError(status: status, connection: handle)
        }
    }

    /// The statement `sql`, compiled for this connection: for the statements run at opening, a load or an export,
    /// which are not kept (a save's are, ``prepared(_:number:)``).
    ///
    /// - Throws: `SQLiteError` when SQLite cannot compile it.
    func prepared(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(sql: sql, connection: handle)
    }

    /// The statement `sql`, which the caller numbers `number` (from 0, small, always the same for the same text):
    /// compiled once for this connection and found again by its number, not by hashing its text, for the statements a
    /// connection runs at every write.
    ///
    /// - Throws: `SQLiteError` when SQLite cannot compile it.
    func prepared(_ sql: String, number: Int) throws(SQLiteError) -> Statement {
        if number < numbered.count, let statement = numbered[number] {
            return statement
        }
        let statement = try Statement(sql: sql, connection: handle)
        while numbered.count <= number { numbered.append(nil) }
        numbered[number] = statement
        return statement
    }

    /// The first column of the first row `sql` returns.
    ///
    /// - Throws: `SQLiteError` when the statement fails or returns no row.
    func scalar(_ sql: String) throws(SQLiteError) -> SQLiteValue {
        guard let value = try prepared(sql).rows().first?.first else {
            throw SQLiteError(code: SQLITE_ERROR, message: "'\(sql)' returned no value")
        }
        return value
    }

    /// How many rows the last INSERT, UPDATE or DELETE changed (`sqlite3_changes64`).
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether SQLite opened the file read-only, as it does when the file system forbids writing.
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether closing the connection checkpoints the WAL into the database file (SQLite's default) or leaves the
    /// file and its WAL exactly as they are.
    ///
    /// - Throws: `SQLiteError` when SQLite refuses the setting.
    func setCheckpointOnClose(_ enabled: Bool) throws(SQLiteError) {
        var inForce: Int32 = 0
        let status = csqlite_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, &inForce)
        guard status == SQLITE_OK else {
            throw SQLiteError(status: status, connection: handle)
        }
    }
}
