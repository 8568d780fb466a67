extension SchemaMigration {
    /// Version 1: the mood journal, the parameters and the tips.
    ///
    /// Times are microseconds since the Unix epoch, days are ``TipsCore/CalendarDay`` numbers, flags are 0 or 1.
    /// The CHECK lists spell out the moods and reasons of version 1 rather than reading them from the enums, since a
    /// new case needs a migration of its own.
    static let version1 = SchemaMigration(
        sql: """
            CREATE TABLE moods (
                id INTEGER PRIMARY KEY,
                mood TEXT NOT NULL CHECK (mood IN ('horrible', 'bad', 'average', 'good', 'great')),
                logged_at INTEGER NOT NULL,
                utc_offset INTEGER NOT NULL
            ) STRICT;

            \(journalTriggers)

            \(parametersTable)

            CREATE TABLE tips (
                id TEXT NOT NULL PRIMARY KEY CHECK (id <> ''),
                invalidation TEXT CHECK (invalidation IN ('actionPerformed', 'tipClosed', 'displayCountExceeded')),
                display_count INTEGER NOT NULL CHECK (display_count >= 0),
                first_displayed INTEGER,
                last_displayed INTEGER
            ) STRICT, WITHOUT ROWID;
            """
    )

    /// The journal's triggers, as version 1 made them and every version since keeps them: the journal is the user's,
    /// and only grows, whatever happens to the tips.
    static let journalTriggers = """
        CREATE TRIGGER moods_are_never_updated BEFORE UPDATE ON moods
        BEGIN
            SELECT RAISE(ABORT, 'the mood journal is append-only');
        END;
        \(journalNeverDeletedTrigger);
        """

    /// The trigger that keeps moods from being deleted, which forgetting the journal drops and makes again.
    static let journalNeverDeletedTrigger = """
        CREATE TRIGGER moods_are_never_deleted BEFORE DELETE ON moods
        BEGIN
            SELECT RAISE(ABORT, 'the mood journal is append-only');
        END
        """

    /// The parameters table and its one row, as version 1 made them and every version since keeps them.
    static let parametersTable = """
        CREATE TABLE parameters (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            has_logged_moods INTEGER NOT NULL CHECK (has_logged_moods >= 0),
            mood_log_count INTEGER NOT NULL CHECK (mood_log_count >= 0),
            has_seen_settings INTEGER NOT NULL CHECK (has_seen_settings IN (0, 1)),
            first_use_day INTEGER,
            streak_first_day INTEGER,
            streak_last_day INTEGER CHECK (streak_last_day >= streak_first_day),
            display_window_opened INTEGER,
            CHECK ((streak_first_day IS NULL) = (streak_last_day IS NULL))
        ) STRICT;
        INSERT INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings) VALUES (1, 0, 0, 0);
        """
}
