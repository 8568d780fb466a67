import Foundation
import Testing
import TipsCore
import TipsStore

@Suite("Schema versions")
struct MigrationTests {
    @Test func anEmptySQLiteDatabaseIsMigratedFromVersionZero() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            // A database that once had a table: a real header, no schema objects, user_version 0.
            try runSQL("CREATE TABLE scratch (x); DROP TABLE scratch;", on: path)
            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(0))

            #expect(try TipsDatastore(path: path).load() == TipsState())

            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(1))
            #expect(try queryValue("PRAGMA application_id", on: path) == .integer(0x4645_4C53))
            #expect(try queryValue("PRAGMA journal_mode", on: path) == .text("wal"))
            let tables = try queryRows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name", on: path)
            #expect(tables == [[.text("moods")], [.text("parameters")], [.text("tips")]])
        }
    }

    @Test func anEmptyFileIsInitialised() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try write(Data(), to: path)
            let datastore = try TipsDatastore(path: path)
            #expect(try datastore.load() == TipsState())
            try datastore.save(TipsState(), appending: writerEntry(number: 1))
            #expect(try datastore.moodJournal() == [writerEntry(number: 1)])
        }
    }

    @Test func aCurrentDatastoreIsOpenedWithoutMigratingAgain() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(TipsState(), appending: writerEntry(number: 3))
            #expect(try TipsDatastore(path: path).moodJournal() == [writerEntry(number: 3)])
            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(1))
        }
    }
}
