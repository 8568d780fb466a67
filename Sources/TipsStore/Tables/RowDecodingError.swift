/// A row holds a value no version of Feels Tips writes.
struct RowDecodingError: Error, Equatable {
    /// What is wrong, naming the table, the row and the column.
    let reason: String
}
