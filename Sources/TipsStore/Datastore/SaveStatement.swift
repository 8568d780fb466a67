/// The statements a save runs, numbered: each is compiled once for a connection and found by its number at every
/// write, where finding it by its text hashed the text (a few hundred instructions a statement, five a mood).
enum SaveStatement: Int {
    case begin
    case commit
    case rollback
    case replaceParameters
    case replaceTip
    case deleteTip
    case insertMood

    /// The statement's text.
    var sql: String {
        switch self {
        case .begin: "BEGIN IMMEDIATE"
        case .commit: "COMMIT"
        case .rollback: "ROLLBACK"
        case .replaceParameters: ParametersTable.replace
        case .replaceTip: TipsTable.replace
        case .deleteTip: TipsTable.delete
        case .insertMood: MoodsTable.insert
        }
    }
}

extension SQLiteConnection {
    /// The save's statement `statement`, compiled once for this connection.
    ///
    /// - Throws: `SQLiteError` when SQLite cannot compile it.
    func prepared(_ statement: SaveStatement) throws(SQLiteError) -> Statement {
        try prepared(statement.sql, number: statement.rawValue)
    }
}
