import CSQLite

/// An SQLite failure met while building a fixture or tampering with a datastore.
struct RawDatabaseError: Error, CustomStringConvertible {
    let description: String
}

/// A value read back from a raw database.
enum RawValue: Equatable {
    case integer(Int64)
    case text(String)
    case other
}

/// Runs `sql` on the SQLite database at `path`, creating it if needed, outside any datastore: to build fixtures and
/// to tamper with datastores.
///
/// - Parameter checkpointOnClose: `false` leaves the WAL of a WAL-mode database behind, as a killed process would.
func runSQL(_ sql: String, on path: String, checkpointOnClose: Bool = true) throws {
    try withDatabase(at: path) { database in
        var inForce: Int32 = 0
        _ = csqlite_db_config_int(database, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, checkpointOnClose ? 0 : 1, &inForce)
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
            throw RawDatabaseError(description: "'\(sql)' failed: \(String(cString: sqlite3_errmsg(database)))")
        }
    }
}

/// Every row `sql` returns from the database at `path`.
func queryRows(_ sql: String, on path: String) throws -> [[RawValue]] {
    try withDatabase(at: path) { database in
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            throw RawDatabaseError(description: "'\(sql)' failed: \(String(cString: sqlite3_errmsg(database)))")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[RawValue]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                    case SQLITE3_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
                    default: .other
                    }
                })
        }
        return rows
    }
}

/// The first column of the first row `sql` returns from the database at `path`.
func queryValue(_ sql: String, on path: String) throws -> RawValue {
    guard let value = try queryRows(sql, on: path).first?.first else {
        throw RawDatabaseError(description: "'\(sql)' returned nothing")
    }
    return value
}

private func withDatabase<Result>(at path: String, _ body: (OpaquePointer) throws -> Result) throws -> Result {
    var database: OpaquePointer?
    guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
        let database
    else {
        sqlite3_close_v2(database)
        throw RawDatabaseError(description: "cannot open '\(path)'")
    }
    defer { sqlite3_close_v2(database) }
    return try body(database)
}
