extension SchemaMigration {
    /// Version 2: when each tip was claimed for a desktop notification (microseconds since the Unix epoch), so that
    /// a tip is notified at most once, across restarts, until a reset.
    static let version2 = SchemaMigration(
        sql: """
            ALTER TABLE tips ADD COLUMN notified_at INTEGER;
            """
    )
}
