/// One value SQLite stores: a bound parameter or a column of a result row.
///
/// Every table is STRICT, with no REAL or BLOB column, and no statement binds or returns one: these are all.
enum SQLiteValue: Hashable {
    /// A 64-bit signed integer.
    case integer(Int64)
    /// UTF-8 text.
    case text(String)
    /// SQL NULL.
    case null

    /// An integer, or NULL for `nil`.
    static func integer(_ value: Int64?) -> SQLiteValue {
        value.map { .integer($0) } ?? .null
    }

    /// Text, or NULL for `nil`.
    static func text(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }

    /// The storage class as SQLite names it, for messages.
    var storageClass: String {
        switch self {
        case .integer: "INTEGER"
        case .text: "TEXT"
        case .null: "NULL"
        }
    }
}
