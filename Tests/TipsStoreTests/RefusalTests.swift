import Foundation
import Testing
import TipsStore

/// A file that is not a datastore of this version, and the error opening it must give.
struct RefusedFile: CustomTestStringConvertible, Sendable {
    let name: String
    /// Writes the file (and any companions) at the given path.
    let make: @Sendable (String) throws -> Void
    /// The error expected for the given path.
    let expected: @Sendable (String) -> DatastoreError
    var testDescription: String { name }
}

@Suite("Refusing files that are not our datastore")
struct RefusalTests {
    static let files: [RefusedFile] = [
        RefusedFile(
            name: "random bytes",
            make: { try write(randomBytes(8192), to: $0) },
            expected: { .notADatastore(path: $0, reason: "file is not a database") }),
        RefusedFile(
            name: "a text file",
            make: { try write(Data(String(repeating: "Dear diary, today was great.\n", count: 200).utf8), to: $0) },
            expected: { .notADatastore(path: $0, reason: "file is not a database") }),
        RefusedFile(
            name: "a newer datastore",
            make: {
                try runSQL(
                    "CREATE TABLE moods (id INTEGER PRIMARY KEY); PRAGMA application_id = 1178946643; "
                        + "PRAGMA user_version = 99;", on: $0)
            },
            expected: { .newerSchema(path: $0, found: 99, supported: 3) }),
        RefusedFile(
            name: "a newer datastore in WAL mode",
            make: {
                try runSQL(
                    "PRAGMA journal_mode = WAL; CREATE TABLE moods (id INTEGER PRIMARY KEY); "
                        + "PRAGMA application_id = 1178946643; PRAGMA user_version = 99;", on: $0)
            },
            expected: { .newerSchema(path: $0, found: 99, supported: 3) }),
        RefusedFile(
            name: "a newer datastore whose last commits are still in its WAL",
            make: {
                // A newer version migrated to 99 and was killed before the WAL was folded back into the file.
                try runSQL(
                    "PRAGMA journal_mode = WAL; CREATE TABLE moods (id INTEGER PRIMARY KEY); "
                        + "PRAGMA application_id = 1178946643; PRAGMA user_version = 1;", on: $0)
                try runSQL("PRAGMA user_version = 99; INSERT INTO moods VALUES (1);", on: $0, checkpointOnClose: false)
            },
            expected: { .newerSchema(path: $0, found: 99, supported: 3) }),
        RefusedFile(
            name: "another application's database",
            make: {
                try runSQL(
                    "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'x');", on: $0
                )
            },
            expected: {
                .notADatastore(
                    path: $0,
                    reason: "it is another application's SQLite database "
                        + "(application_id 0, user_version 0, schema objects: 1)")
            }),
        RefusedFile(
            name: "another application's database with its own application_id",
            make: { try runSQL("PRAGMA application_id = 1234; PRAGMA user_version = 1;", on: $0) },
            expected: {
                .notADatastore(
                    path: $0, reason: "it is another application's SQLite database (application_id 0x4D2)")
            }),
    ]

    // Another application's database put at the path while the service was stopped after a crash once had our
    // stale WAL replayed into it, its own table gone.
    static let foreignFileUnderAStaleWAL = RefusedFile(
        name: "another application's database with a WAL of ours beside it",
        make: { path in
            try runSQL(
                "PRAGMA journal_mode = WAL; PRAGMA application_id = 1178946643; PRAGMA user_version = 1; "
                    + "CREATE TABLE moods (id INTEGER PRIMARY KEY);", on: path)
            try runSQL("INSERT INTO moods VALUES (1);", on: path, checkpointOnClose: false)
            let wal = try bytes(of: "\(path)-wal")
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.removeItem(atPath: "\(path)-wal")
            try runSQL(
                "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'x');", on: path)
            try write(Data(wal), to: "\(path)-wal")
        },
        expected: { path in
            .notADatastore(
                path: path,
                reason: "it is another application's SQLite database (application_id 0, schema objects: 1); "
                    + "the journal '\(path)-wal' beside it was left untouched")
        })

    @Test(arguments: files + [foreignFileUnderAStaleWAL])
    func aRefusedFileIsLeftByteForByteIntact(_ file: RefusedFile) throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try file.make(path)
            let names = try contents(of: folder)
            let before = try names.map { try bytes(of: "\(folder)/\($0)") }

            #expect(throws: file.expected(path)) { try TipsDatastore(path: path) }

            #expect(try contents(of: folder) == names)
            #expect(try names.map { try bytes(of: "\(folder)/\($0)") } == before)
        }
    }

    // The file alone is read through an SQLite URI filename: a path whose bytes a URI would read otherwise (`?`, `#`,
    // `%41`, a space, UTF-8) must still name that file, or the check reads nothing and refuses for the wrong reason.
    @Test func theFileAloneIsCheckedAtItsPathWhateverItsCharacters() throws {
        try withTemporaryFolder { folder in
            let odd = "\(folder)/Zoë's tips #1?x=%41&y"
            try FileManager.default.createDirectory(
                atPath: odd, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let path = "\(odd)/tips.sqlite"
            try Self.foreignFileUnderAStaleWAL.make(path)
            #expect(throws: Self.foreignFileUnderAStaleWAL.expected(path)) { try TipsDatastore(path: path) }
        }
    }

    @Test func somethingOtherThanAFileIsRefused() throws {
        try withTemporaryFolder { folder in
            #expect(throws: DatastoreError.cannotOpen(path: folder, reason: "it is not a regular file")) {
                try TipsDatastore(path: folder)
            }
        }
    }

    @Test func aFolderInThePathThatIsAFileIsReported() throws {
        try withTemporaryFolder { folder in
            // 0600 whatever the umask, which PermissionTests sets to 0 meanwhile: a file others may write to is
            // refused for that before the datastore sees it is not a folder.
            #expect(
                FileManager.default.createFile(
                    atPath: "\(folder)/feels", contents: Data("x".utf8), attributes: [.posixPermissions: 0o600]))
            let path = "\(folder)/feels/tips.sqlite"
            #expect(throws: DatastoreError.cannotCreate(path: path, reason: "'\(folder)/feels' is not a folder")) {
                try TipsDatastore(path: path)
            }
        }
    }
}
