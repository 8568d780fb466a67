extension SchemaMigration {
    /// Version 3: the moods and invalidation reasons a row may hold checked by comparisons rather than `IN` lists.
    ///
    /// SQLite codes an `IN` list of more than two values as a temporary b-tree opened and filled for each row it
    /// checks: a quarter of the instructions of a `LogMood` went there (docs/DESIGN.md, "The datastore"). A CHECK
    /// cannot be altered, so both tables are made again under their own names, their rows kept aside meanwhile in
    /// temporary tables: a table renamed would keep its new name quoted in its SQL, which the schema check compares.
    static let version3 = SchemaMigration(
        sql: """
            CREATE TEMP TABLE moods_before_version3 AS SELECT id, mood, logged_at, utc_offset FROM moods;
            CREATE TEMP TABLE tips_before_version3 AS
                SELECT id, invalidation, display_count, first_displayed, last_displayed, notified_at FROM tips;
            DROP TABLE moods;
            DROP TABLE tips;

            \(journalAndTipsTables)

            INSERT INTO moods (id, mood, logged_at, utc_offset)
                SELECT id, mood, logged_at, utc_offset FROM moods_before_version3 ORDER BY id;
            INSERT INTO tips (id, invalidation, display_count, first_displayed, last_displayed, notified_at)
                SELECT id, invalidation, display_count, first_displayed, last_displayed, notified_at
                FROM tips_before_version3;
            DROP TABLE moods_before_version3;
            DROP TABLE tips_before_version3;
            """
    )

    /// The mood journal, its triggers and the tips table, as version 3 makes them.
    static let journalAndTipsTables = """
        CREATE TABLE moods (
            id INTEGER PRIMARY KEY,
            mood TEXT NOT NULL CHECK (
                mood = 'horrible' OR mood = 'bad' OR mood = 'average' OR mood = 'good' OR mood = 'great'
            ),
            logged_at INTEGER NOT NULL,
            utc_offset INTEGER NOT NULL
        ) STRICT;

        \(journalTriggers)

        CREATE TABLE tips (
            id TEXT NOT NULL PRIMARY KEY CHECK (id <> ''),
            invalidation TEXT CHECK (
                invalidation = 'actionPerformed' OR invalidation = 'tipClosed'
                OR invalidation = 'displayCountExceeded'
            ),
            display_count INTEGER NOT NULL CHECK (display_count >= 0),
            first_displayed INTEGER,
            last_displayed INTEGER,
            notified_at INTEGER
        ) STRICT, WITHOUT ROWID;
        """
}
