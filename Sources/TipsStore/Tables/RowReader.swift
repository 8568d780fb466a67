import TipsCore

/// Reads the columns of one result row by position, refusing anything of the wrong kind.
struct RowReader {
    /// The table and row, as messages name them: "tips row 'TimeViewTip'".
    let row: String
    /// The column values in the order of the SELECT.
    let values: [SQLiteValue]

    /// The integer in `column`, which must not be NULL.
    func integer(_ index: Int, _ column: String) throws(RowDecodingError) -> Int64 {
        guard let value = try optionalInteger(index, column) else {
            throw problem(column, "is NULL")
        }
        return value
    }

    /// The integer in `column`, or `nil` for NULL.
    func optionalInteger(_ index: Int, _ column: String) throws(RowDecodingError) -> Int64? {
        switch try value(index, column) {
        case .integer(let integer): return integer
        case .null: return nil
        case let other: throw problem(column, "holds \(other.storageClass), not INTEGER")
        }
    }

    /// The text in `column`, or `nil` for NULL.
    func optionalText(_ index: Int, _ column: String) throws(RowDecodingError) -> String? {
        switch try value(index, column) {
        case .text(let text): return text
        case .null: return nil
        case let other: throw problem(column, "holds \(other.storageClass), not TEXT")
        }
    }

    /// The text in `column`, which must not be NULL.
    func text(_ index: Int, _ column: String) throws(RowDecodingError) -> String {
        guard let value = try optionalText(index, column) else {
            throw problem(column, "is NULL")
        }
        return value
    }

    /// The count in `column`: an integer that is neither negative nor beyond `Int`.
    func count(_ index: Int, _ column: String) throws(RowDecodingError) -> Int {
        let value = try integer(index, column)
        guard value >= 0 else {
            throw problem(column, "is \(value); a count cannot be negative")
        }
        return try int(value, column)
    }

    /// The flag in `column`: 0 or 1.
    func flag(_ index: Int, _ column: String) throws(RowDecodingError) -> Bool {
        switch try integer(index, column) {
        case 0: return false
        case 1: return true
        case let other: throw problem(column, "is \(other); a flag is 0 or 1")
        }
    }

    /// The day in `column`, or `nil` for NULL.
    func optionalDay(_ index: Int, _ column: String) throws(RowDecodingError) -> CalendarDay? {
        try optionalInteger(index, column).map { (value) throws(RowDecodingError) in
            CalendarDay(rawValue: try int(value, column))
        }
    }

    /// The instant in `column`, counted in microseconds since the epoch, or `nil` for NULL.
    func optionalInstant(_ index: Int, _ column: String) throws(RowDecodingError) -> Instant? {
        try optionalInteger(index, column).map(Instant.init(microsecondsSinceEpoch:))
    }

    /// `value` as an `Int`, which on 32-bit platforms may not hold it.
    func int(_ value: Int64, _ column: String) throws(RowDecodingError) -> Int {
        guard let int = Int(exactly: value) else {
            throw problem(column, "is \(value), beyond this platform's integers")
        }
        return int
    }

    /// An error naming the row and column: "tips row 'X': column 'display_count' is -1; …".
    func problem(_ column: String, _ what: String) -> RowDecodingError {
        RowDecodingError(reason: "\(row): column '\(column)' \(what)")
    }

    private func value(_ index: Int, _ column: String) throws(RowDecodingError) -> SQLiteValue {
        guard values.indices.contains(index) else {
            throw problem(column, "is missing")
        }
        return values[index]
    }
}
