import CSQLite

/// Opens a datastore: recognises the file, then configures, locks and migrates it.
///
/// Nothing is written until the file is known to be ours (or an empty database): a refused file is left exactly as
/// it was, with no journal-mode change and no `-wal` or `-shm` file.
enum DatastoreOpening {
    /// What opening found and did besides handing over the connection.
    struct Opened {
        /// The open, validated, exclusively locked datastore, at the current schema version.
        let connection: SQLiteConnection
        /// Which file was opened, to notice later that the path names another one.
        let identity: FileIdentity?
        /// A sentence for each thing made safer on the way (a mode tightened), for the service to log.
        let notes: [String]
    }

    /// Opens the datastore at `path`: checks that nobody else can redirect or read it, that it can be written, that
    /// the file is ours (the file alone, before any WAL beside it is replayed into it) and whole (page by page and
    /// table by table), then configures, locks and migrates it.
    ///
    /// - Throws: `DatastoreError` for a file that cannot be created or opened, is unsafe, read-only, not ours, newer,
    ///   in use, corrupt, altered, or cannot be migrated.
    static func open(path: String) throws(DatastoreError) -> Opened {
        let notes = try DatastoreFile.secure(at: path)
        try DatastoreFile.createIfMissing(at: path)
        try DatastoreFile.checkWritable(path)
        let hasWAL = DatastoreFile.exists(atPath: "\(path)-wal")
        if hasWAL {
            // A WAL left by a crash is replayed into whatever file now has the name: check the file alone first, so
            // that a WAL of ours is never replayed into another application's database put there meanwhile.
            try validateFileAlone(path: path)
        }
        let connection: SQLiteConnection
        do throws(SQLiteError) {
            connection = try SQLiteConnection(path: path)
            // How long, in milliseconds, a statement waits for another connection's lock before the datastore is
            // reported in use.
            try connection.execute("PRAGMA busy_timeout = 250")
            // Exclusive before the first read: the lock taken then is kept, and a WAL is indexed in heap memory,
            // so no -shm file is ever created.
            try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
            // Reading a WAL-mode file opens its WAL, creating an empty one if there was none, and closing
            // checkpoints and deletes it. That leaves a refused file as it was when there was no WAL before; when
            // there was one, it must stay, and must not be checkpointed into the file.
            if hasWAL {
                try connection.setCheckpointOnClose(false)
            }
        } catch {
            throw DatastoreError(error, path: path, while: .opening)
        }
        let version = try validate(connection, path: path)
        guard !connection.isReadOnly else {
            throw .cannotOpen(path: path, reason: "SQLite could only open it read-only")
        }
        // Checked before the first write, so that a damaged or altered file is refused byte-for-byte intact.
        try DatastoreCheck.verify(connection, path: path, version: version)
        try configure(connection, path: path)
        try migrate(connection, path: path, from: version)
        return Opened(connection: connection, identity: DatastoreFile.identity(of: path), notes: notes)
    }

    /// Refuses a file that, on its own and without the WAL beside it, is another application's database.
    ///
    /// Every committed state of a datastore of ours is either empty or carries our `application_id` (each migration
    /// sets it in the transaction that creates the tables), so a file with schema objects and another id, or none,
    /// is not ours whatever its WAL says.
    private static func validateFileAlone(path: String) throws(DatastoreError) {
        let applicationID: Int64
        let objectCount: Int64
        do throws(SQLiteError) {
            let file = try SQLiteConnection(immutableFileAt: path)
            applicationID = try integer(file.scalar("PRAGMA application_id"))
            objectCount = try integer(file.scalar("SELECT count(*) FROM sqlite_schema"))
        } catch {
            throw DatastoreError(error, path: path, while: .opening)
        }
        guard applicationID == Int64(Schema.applicationID) || (applicationID == 0 && objectCount == 0) else {
            let owner = applicationID == 0 ? "application_id 0" : "application_id \(hex(applicationID))"
            throw .notADatastore(
                path: path,
                reason: "it is another application's SQLite database (\(owner), schema objects: \(objectCount)); "
                    + "the journal '\(path)-wal' beside it was left untouched")
        }
    }

    /// The schema version of the datastore, after checking that the file is ours or an empty database.
    private static func validate(_ connection: SQLiteConnection, path: String) throws(DatastoreError) -> Int {
        let applicationID: Int64
        let version: Int64
        let objectCount: Int64
        do throws(SQLiteError) {
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            applicationID = try integer(connection.scalar("PRAGMA application_id"))
            version = try integer(connection.scalar("PRAGMA user_version"))
            objectCount = try integer(connection.scalar("SELECT count(*) FROM sqlite_schema"))
        } catch {
            throw DatastoreError(error, path: path, while: .opening)
        }
        switch (applicationID, version, objectCount) {
        case (Int64(Schema.applicationID), 1..., _):
            guard version <= Schema.currentVersion else {
                throw .newerSchema(path: path, found: Int(version), supported: Schema.currentVersion)
            }
            return Int(version)
        case (0, 0, 0):
            return 0
        case (Int64(Schema.applicationID), _, _):
            throw .notADatastore(
                path: path, reason: "it has the Feels Tips application_id but schema version \(version)")
        case (0, _, _):
            throw .notADatastore(
                path: path,
                reason: "it is another application's SQLite database "
                    + "(application_id 0, user_version \(version), schema objects: \(objectCount))")
        default:
            throw .notADatastore(
                path: path,
                reason: "it is another application's SQLite database (application_id \(hex(applicationID)))")
        }
    }

    /// Turns on what a datastore of ours runs with, now that writing to it is allowed.
    private static func configure(_ connection: SQLiteConnection, path: String) throws(DatastoreError) {
        do throws(SQLiteError) {
            try connection.setCheckpointOnClose(true)
            // Switching to WAL is the first write: it rewrites bytes 18 and 19 of the header.
            let mode = try connection.scalar("PRAGMA journal_mode = WAL")
            guard mode == .text("wal") else {
                throw SQLiteError(code: SQLITE_ERROR, message: "SQLite kept journal mode \(mode) instead of WAL")
            }
            // FULL syncs the WAL at every commit: a save that returned survives a kill and a power loss.
            try connection.execute("PRAGMA synchronous = FULL")
            // The page cache is what grows with the journal; 2 MiB holds every page a request touches. 128 KiB
            // was tried and left no mark on resident memory after the memory benchmark's calls (docs/BENCHMARKS.md,
            // "Resident memory after calls").
            try connection.execute("PRAGMA cache_size = -2048")
            // The exclusive lock is taken now rather than at the first save, so a second process is refused at once.
            try connection.execute("BEGIN IMMEDIATE")
            try connection.execute("COMMIT")
        } catch {
            throw DatastoreError(error, path: path, while: .opening)
        }
    }

    /// Applies every migration after `version`, each in its own transaction with its new `user_version`: for an
    /// empty datastore, ``Schema/creation`` at once.
    private static func migrate(_ connection: SQLiteConnection, path: String, from version: Int)
        throws(DatastoreError)
    {
        let steps =
            version == 0
            ? [(Schema.creation, Schema.currentVersion)]
            : Schema.migrations.enumerated().dropFirst(version).map { ($0.element, $0.offset + 1) }
        for (migration, target) in steps {
            do throws(SQLiteError) {
                try connection.execute("BEGIN IMMEDIATE")
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA user_version = \(target)")
                try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
                try connection.execute("COMMIT")
            } catch {
                if connection.isInTransaction {
                    try? connection.execute("ROLLBACK")
                }
                throw DatastoreError(error, path: path, while: .migrating(toVersion: target))
            }
        }
    }

    private static func integer(_ value: SQLiteValue) throws(SQLiteError) -> Int64 {
        guard case .integer(let integer) = value else {
            throw SQLiteError(code: SQLITE_MISMATCH, message: "expected an integer, found \(value.storageClass)")
        }
        return integer
    }

    private static func hex(_ value: Int64) -> String {
        "0x" + String(UInt32(truncatingIfNeeded: value), radix: 16, uppercase: true)
    }
}
