import TipsCore

/// The `tips` table: one row for each tip that has a record.
enum TipsTable {
    /// Reads every row.
    static let select = """
        SELECT id, invalidation, display_count, first_displayed, last_displayed, notified_at FROM tips ORDER BY id
        """

    /// Writes one row, whether or not it exists; bind ``parameters(of:_:)``.
    static let replace = """
        REPLACE INTO tips (id, invalidation, display_count, first_displayed, last_displayed, notified_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """

    /// Removes the row of one tip; bind its id.
    static let delete = "DELETE FROM tips WHERE id = ?1"

    /// The values of ``replace``'s parameters for the record of tip `id`.
    static func parameters(of id: TipID, _ record: TipRecord) -> [SQLiteValue] {
        [
            .text(id.rawValue),
            .text(record.invalidation?.rawValue),
            .integer(Int64(record.displayCount)),
            .integer(record.firstDisplayed?.microsecondsSinceEpoch),
            .integer(record.lastDisplayed?.microsecondsSinceEpoch),
            .integer(record.notified?.microsecondsSinceEpoch),
        ]
    }

    /// The tip and record a row of ``select`` holds.
    ///
    /// - Throws: `RowDecodingError` for a value no version writes.
    static func decode(_ values: [SQLiteValue]) throws(RowDecodingError) -> (TipID, TipRecord) {
        let id = try RowReader(row: "tips row", values: values).text(0, "id")
        let row = RowReader(row: "tips row '\(id)'", values: values)
        guard !id.isEmpty else {
            throw row.problem("id", "is empty")
        }
        let invalidation = try row.optionalText(1, "invalidation").map { (text) throws(RowDecodingError) in
            guard let reason = InvalidationReason(rawValue: text) else {
                throw row.problem("invalidation", "is '\(text)', not an invalidation reason")
            }
            return reason
        }
        let record = TipRecord(
            invalidation: invalidation,
            displayCount: try row.count(2, "display_count"),
            firstDisplayed: try row.optionalInstant(3, "first_displayed"),
            lastDisplayed: try row.optionalInstant(4, "last_displayed"),
            notified: try row.optionalInstant(5, "notified_at")
        )
        return (TipID(rawValue: id), record)
    }
}
