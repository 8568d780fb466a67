import BusTestSupport

/// Fills a stopped service's datastore with moods straight through SQLite, as logging them one by one over the bus
/// would take minutes: rows of the schema's `moods` table (unchanged since version 1), ten minutes apart up to now,
/// the five moods in turn, and the counts in `parameters` raised to match, in one transaction.
enum JournalFill {
    /// Appends `count` moods to the datastore at `path`, which no process may have open.
    ///
    /// - Returns: How many moods the journal holds afterwards.
    /// - Throws: ``BenchError/setup(_:)`` when sqlite3 fails or is missing.
    @discardableResult
    static func fill(datastore path: String, moods count: Int) throws(BenchError) -> Int {
        let sql = """
            BEGIN IMMEDIATE;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO moods (mood, logged_at, utc_offset)
            SELECT CASE i % 5 WHEN 0 THEN 'horrible' WHEN 1 THEN 'bad' WHEN 2 THEN 'average' WHEN 3 THEN 'good'
                   ELSE 'great' END,
                   (CAST(strftime('%s', 'now') AS INTEGER) - (\(count) - i) * 600) * 1000000,
                   3600
            FROM n;
            UPDATE parameters SET mood_log_count = mood_log_count + \(count),
                                  has_logged_moods = has_logged_moods + \(count) WHERE id = 1;
            COMMIT;
            SELECT count(*) FROM moods;
            """
        let result: ToolResult
        do { result = try runTool("sqlite3", ["-batch", "-bail", path, sql], timeout: .seconds(300)) } catch {
            throw .setup("Failed to run sqlite3 (Debian package sqlite3) to fill the journal: \(error)")
        }
        let trimmed = result.stdout.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        guard result.status == 0, let total = Int(trimmed) else {
            throw .setup("Failed to fill the journal of '\(path)': sqlite3 said: \(result.stderr)\(result.stdout)")
        }
        return total
    }
}
