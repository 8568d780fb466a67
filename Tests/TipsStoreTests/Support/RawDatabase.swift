@testable import TipsStore

/// Runs `sql` on the SQLite database at `path`, creating it if needed, outside any datastore: to build fixtures and
/// to tamper with datastores.
///
/// - Parameter checkpointOnClose: `false` leaves the WAL of a WAL-mode database behind, as a killed process would.
func runSQL(_ sql: String, on path: String, checkpointOnClose: Bool = true) throws {
    let database = try SQLiteConnection(path: path, create: true)
    try database.setCheckpointOnClose(checkpointOnClose)
    try database.execute(sql)
}

/// Every row `sql` returns from the database at `path`.
func queryRows(_ sql: String, on path: String) throws -> [[SQLiteValue]] {
    let database = try SQLiteConnection(path: path, create: true)
    return try database.prepared(sql).rows()
}

/// The first column of the first row `sql` returns from the database at `path`.
func queryValue(_ sql: String, on path: String) throws -> SQLiteValue {
    try SQLiteConnection(path: path, create: true).scalar(sql)
}
