/// One step of the schema: the SQL that brings a datastore from one version to the next.
///
/// A migration, once released, never changes: a datastore written with it must migrate the same way forever. Its
/// version is its place in ``Schema/migrations``, so the chain cannot skip or repeat a number.
struct SchemaMigration {
    /// The statements of the step, run in one transaction with the new `user_version`.
    let sql: String
}
