/// Why the datastore could not be opened, read or written.
public enum DatastoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `XDG_DATA_HOME` nor `HOME` gives an absolute folder to keep the datastore in.
    case noDataFolder(reason: String)
    /// The datastore file or one of its folders could not be created.
    case cannotCreate(path: String, reason: String)
    /// The datastore file exists but could not be opened.
    case cannotOpen(path: String, reason: String)
    /// The file is not a Feels Tips datastore: not SQLite at all, or another application's database.
    case notADatastore(path: String, reason: String)
    /// The datastore was written by a newer version with a schema this one does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Another process (or another datastore in this one) has the datastore open.
    case inUse(path: String)
    /// The datastore holds rows no version of Feels Tips writes.
    case corrupt(path: String, reason: String)
    /// Bringing the datastore to a schema version failed; the previous version is left intact.
    case migrationFailed(path: String, version: Int, reason: String)
    /// Reading the datastore failed.
    case readFailed(path: String, reason: String)
    /// Writing the datastore failed; the transaction was rolled back and nothing was written.
    case writeFailed(path: String, reason: String)
    /// Another file was put at the datastore's path while it was in use; its contents were saved to `savedTo`.
    case replaced(path: String, savedTo: String)

    /// A sentence that names the path in single quotes and says what went wrong.
    public var description: String {
        switch self {
        case .noDataFolder(let reason):
            "Cannot find a folder for the datastore: \(reason)"
        case .cannotCreate(let path, let reason):
            "Cannot create datastore '\(path)': \(reason)"
        case .cannotOpen(let path, let reason):
            "Cannot open datastore '\(path)': \(reason)"
        case .notADatastore(let path, let reason):
            "'\(path)' is not a Feels Tips datastore: \(reason)"
        case .newerSchema(let path, let found, let supported):
            "Datastore '\(path)' has schema version \(found); this feels-tipsd understands up to \(supported)"
        case .inUse(let path):
            "Datastore '\(path)' is in use by another process; is feels-tipsd already running?"
        case .corrupt(let path, let reason):
            "Datastore '\(path)' is corrupt: \(reason)"
        case .migrationFailed(let path, let version, let reason):
            "Cannot migrate datastore '\(path)' to schema version \(version): \(reason)"
        case .readFailed(let path, let reason):
            "Cannot read datastore '\(path)': \(reason)"
        case .writeFailed(let path, let reason):
            "Cannot write datastore '\(path)': \(reason)"
        case .replaced(let path, let saved):
            "Datastore '\(path)' was replaced by another file while in use; its contents were saved to '\(saved)' "
                + "and changes are refused until feels-tipsd restarts"
        }
    }
}
