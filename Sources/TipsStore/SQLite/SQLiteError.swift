import CSQLite

/// A failure SQLite reported: its extended result code and the connection's message.
struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code, such as `SQLITE_IOERR_FSYNC` (1034).
    let code: Int32
    /// What `sqlite3_errmsg` said, such as "disk I/O error".
    let message: String

    /// The primary result code, such as `SQLITE_IOERR` (10).
    var primaryCode: Int32 { code & 0xFF }

    /// Whether another connection holds a lock that this one needs.
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// The message with the extended code, e.g. "disk I/O error (SQLite code 1034)".
    var description: String { "\(message) (SQLite code \(code))" }

    /// The error `status` means on `connection`, with the connection's message when it has one.
    init(status: Int32, connection: OpaquePointer?) {
        self.code = status
        if let connection, sqlite3_errcode(connection) == status, let message = sqlite3_errmsg(connection) {
            self.message = String(cString: message)
        } else {
            self.message = String(cString: sqlite3_errstr(status))
        }
    }

    /// An error with a message of our own, for results SQLite did not flag as errors.
    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
