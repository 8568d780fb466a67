/// One step of the schema: the SQL that brings a datastore from `version - 1` to `version`.
///
/// A migration, once released, never changes: a datastore written with it must migrate the same way forever.
struct SchemaMigration {
    /// The schema version the datastore has after this step.
    let version: Int
    /// The statements of the step, run in one transaction with the new `user_version`.
    let sql: String
}
