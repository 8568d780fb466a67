/// The datastore's schema: how a file is recognised as ours and how it reaches the current version.
///
/// A datastore is an SQLite database whose `PRAGMA application_id` is ``applicationID`` and whose
/// `PRAGMA user_version` is its schema version. An SQLite database with no schema objects, application id 0 and
/// user version 0 is version 0: the empty datastore, which ``creation`` brings to the current version at once.
enum Schema {
    /// `PRAGMA application_id` of every Feels Tips datastore: 0x46454C53, "FELS" in ASCII.
    static let applicationID: Int32 = 0x4645_4C53

    /// The migrations in order: the one at index `n` brings version `n` to `n + 1`; version 1 is the first schema.
    ///
    /// Version 4 is one more entry at the end.
    static let migrations: [SchemaMigration] = [
        .version1, .version2, .version3,
    ]

    /// The version this build writes and the newest it understands.
    static var currentVersion: Int { migrations.count }

    /// The current version's tables made in one step, for a new datastore and for the schema every start expects:
    /// the same objects as the migrations leave behind (MigrationTests compares the two), without replaying each
    /// table made, dropped and made again, which cost a start 0.5 ms of its 4 once version 3 remade two tables.
    static let creation = SchemaMigration(
        sql: SchemaMigration.journalAndTipsTables + SchemaMigration.parametersTable
    )
}
