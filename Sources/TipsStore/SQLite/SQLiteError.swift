import CSQLite
import Glibc

/// A failure SQLite reported: its extended result code and the connection's message.
struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code, such as `SQLITE_IOERR_FSYNC` (1034).
    let code: Int32
    /// What `sqlite3_errmsg` said, such as "disk I/O error".
    let message: String
    /// The operating system's error behind an I/O failure, such as `ENOSPC`; 0 when none.
    let systemErrno: Int32

    /// The primary result code, such as `SQLITE_IOERR` (10).
    var primaryCode: Int32 { code & 0xFF }

    /// The message with the extended code and the system's own reason when there is one, e.g.
    /// "disk I/O error: No space left on device (SQLite code 778)".
    var description: String {
        let cause = systemErrno != 0 ? ": \(String(cString: strerror(systemErrno)))" : ""
        return "\(message)\(cause) (SQLite code \(code))"
    }

    /// The error `status` means on `connection`, with the connection's message when it has one.
    init(status: Int32, connection: OpaquePointer?) {
        self.code = status
        let primary = status & 0xFF
        let fromSystem =
            primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN
            || primary == SQLITE_READONLY
        self.systemErrno = fromSystem ? connection.map { sqlite3_system_errno($0) } ?? 0 : 0
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
        self.systemErrno = 0
    }
}
