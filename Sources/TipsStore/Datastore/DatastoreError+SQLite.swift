import CSQLite

extension DatastoreError {
    /// What the datastore was doing when SQLite failed.
    enum Operation {
        case opening
        case reading
        case writing
        case migrating(toVersion: Int)
    }

    /// The datastore error an SQLite failure amounts to.
    ///
    /// Lock conflicts mean another process has the datastore; "not a database" and corruption say the same
    /// whatever the operation; anything else is a failure of the operation, with SQLite's message and code.
    init(_ error: SQLiteError, path: String, while operation: Operation) {
        switch (error.primaryCode, operation) {
        case (SQLITE_BUSY, _), (SQLITE_LOCKED, _):
            self = .inUse(path: path)
        case (SQLITE_NOTADB, _):
            self = .notADatastore(path: path, reason: error.message)
        case (SQLITE_CORRUPT, _):
            self = .corrupt(path: path, reason: error.description)
        case (_, .opening):
            self = .cannotOpen(path: path, reason: error.description)
        case (_, .reading):
            self = .readFailed(path: path, reason: error.description)
        case (_, .writing):
            self = .writeFailed(path: path, reason: error.description)
        case (_, .migrating(let version)):
            self = .migrationFailed(path: path, version: version, reason: error.description)
        }
    }
}
