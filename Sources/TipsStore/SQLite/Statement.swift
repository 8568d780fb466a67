import CSQLite

/// A prepared SQL statement, reused by binding new parameters each time it runs.
final class Statement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    /// Prepares `sql` (one statement) on `connection`.
    ///
    /// - Throws: `SQLiteError` when SQLite cannot compile it.
    init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
        var handle: OpaquePointer?
        let status = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard status == SQLITE_OK, let handle else {
            let error = SQLiteError(status: status == SQLITE_OK ? SQLITE_MISUSE : status, connection: connection)
            sqlite3_finalize(handle)
            throw error
        }
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Runs the statement with `parameters` bound to `?1`, `?2`, … and returns every result row.
    ///
    /// The statement is reset afterwards, whatever happens, so it is ready to run again.
    /// - Parameter parameters: The values of the numbered parameters, in order.
    /// - Returns: The rows, each with one value per result column.
    /// - Throws: `SQLiteError` when a parameter cannot be bound or a step fails.
    @discardableResult
    func rows(_ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for (offset, value) in parameters.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(handle)
            switch status {
            case SQLITE_ROW:
                rows.append((0..<sqlite3_column_count(handle)).map(column))
            case SQLITE_DONE:
                return rows
            default:
                throw SQLiteError(status: status, connection: connection)
            }
        }
    }

    /// Runs the statement with `parameters` bound to `?1`, `?2`, …, for its effect.
    ///
    /// - Parameter parameters: The values of the numbered parameters, in order.
    /// - Throws: `SQLiteError` when a parameter cannot be bound or a step fails.
    func run(_ parameters: [SQLiteValue] = []) throws(SQLiteError) {
        try rows(parameters)
    }

    private func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let status: Int32
        switch value {
        case .integer(let integer):
            status = sqlite3_bind_int64(handle, index, integer)
        case .text(let text):
            let length = Int64(text.utf8.count)
            status = text.withCString {
                sqlite3_bind_text64(handle, index, $0, UInt64(length), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        case .null:
            status = sqlite3_bind_null(handle, index)
        }
        guard status == SQLITE_OK else {
            throw SQLiteError(status: status, connection: connection)
        }
    }

    private func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_NULL:
            return .null
        default:
            // SQLITE_TEXT, whose macro Swift does not import (sqlite3.h may redefine it); a REAL or a BLOB, which no
            // STRICT table of ours holds, reads as its text, which a reader expecting a number refuses.
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        }
    }
}
