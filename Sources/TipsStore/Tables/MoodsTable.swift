import TipsCore

/// The `moods` table: the journal, one row for each mood logged, in logging order.
enum MoodsTable {
    /// Reads the journal in logging order.
    static let select = "SELECT id, mood, logged_at, utc_offset FROM moods ORDER BY id"

    /// Erases the journal. The append-only triggers refuse it, so ``forget`` drops the delete trigger around it,
    /// inside the transaction that also rewrites the counts: no other writer ever sees the journal without it.
    /// SQLite's count of the rows the last statement changed (``SQLiteConnection/changes``) then says how many moods
    /// went: making a trigger changes no row.
    static let forget = """
        DROP TRIGGER moods_are_never_deleted;
        DELETE FROM moods;
        \(SchemaMigration.journalNeverDeletedTrigger);
        """

    /// Appends one entry; bind ``parameters(of:)``.
    static let insert = "INSERT INTO moods (mood, logged_at, utc_offset) VALUES (?1, ?2, ?3)"

    /// The values of ``insert``'s parameters for `entry`.
    static func parameters(of entry: MoodEntry) -> [SQLiteValue] {
        [.text(entry.mood.rawValue), .integer(entry.loggedAt.microsecondsSinceEpoch), .integer(Int64(entry.utcOffset))]
    }

    /// The entry a row of ``select`` holds.
    ///
    /// - Throws: `RowDecodingError` for a value no version writes.
    static func decode(_ values: [SQLiteValue]) throws(RowDecodingError) -> MoodEntry {
        let id = try RowReader(row: "moods row", values: values).integer(0, "id")
        let row = RowReader(row: "moods row \(id)", values: values)
        let text = try row.text(1, "mood")
        guard let mood = Mood(rawValue: text) else {
            throw row.problem("mood", "is '\(text)', not a mood")
        }
        return MoodEntry(
            mood: mood,
            loggedAt: Instant(microsecondsSinceEpoch: try row.integer(2, "logged_at")),
            utcOffset: try row.int(try row.integer(3, "utc_offset"), "utc_offset")
        )
    }
}
