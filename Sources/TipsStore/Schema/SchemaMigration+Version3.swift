extension SchemaMigration {
    /// Version 3: the moods and invalidation reasons a row may hold checked by comparisons rather than `IN` lists.
    ///
    /// SQLite codes an `IN` list of more than two values as a temporary b-tree filled for each row it checks: a
    /// fifth of the instructions of a `LogMood` went there (docs/DESIGN.md, "The datastore"). A CHECK cannot be
    /// altered, so both tables are made again with the same columns, rows and trigger, and take the old names.
    static let version3 = SchemaMigration(
        sql: """
            CREATE TABLE moods_version3 (
                id INTEGER PRIMARY KEY,
                mood TEXT NOT NULL CHECK (
                    mood = 'horrible' OR mood = 'bad' OR mood = 'average' OR mood = 'good' OR mood = 'great'
                ),
                logged_at INTEGER NOT NULL,
                utc_offset INTEGER NOT NULL
            ) STRICT;
            INSERT INTO moods_version3 (id, mood, logged_at, utc_offset)
                SELECT id, mood, logged_at, utc_offset FROM moods ORDER BY id;
            DROP TABLE moods;
            ALTER TABLE moods_version3 RENAME TO moods;

            -- The journal is the user's: it only grows, whatever happens to the tips.
            CREATE TRIGGER moods_are_never_updated BEFORE UPDATE ON moods
            BEGIN
                SELECT RAISE(ABORT, 'the mood journal is append-only');
            END;
            CREATE TRIGGER moods_are_never_deleted BEFORE DELETE ON moods
            BEGIN
                SELECT RAISE(ABORT, 'the mood journal is append-only');
            END;

            CREATE TABLE tips_version3 (
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
            INSERT INTO tips_version3 (id, invalidation, display_count, first_displayed, last_displayed, notified_at)
                SELECT id, invalidation, display_count, first_displayed, last_displayed, notified_at FROM tips;
            DROP TABLE tips;
            ALTER TABLE tips_version3 RENAME TO tips;
            """
    )
}
