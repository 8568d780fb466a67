import Foundation
import Testing
import TipsCore

@testable import TipsStore

@Suite("Schema versions")
struct MigrationTests {
    @Test func anEmptySQLiteDatabaseIsMigratedFromVersionZero() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            // A database that once had a table: a real header, no schema objects, user_version 0.
            try runSQL("CREATE TABLE scratch (x); DROP TABLE scratch;", on: path)
            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(0))

            #expect(try TipsDatastore(path: path).load() == TipsState())

            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(3))
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
            try datastore.save(TipsState(), journal: [.append(writerEntry(number: 1))])
            #expect(try datastore.moodJournal() == [writerEntry(number: 1)])
        }
    }

    @Test func aCurrentDatastoreIsOpenedWithoutMigratingAgain() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(TipsState(), journal: [.append(writerEntry(number: 3))])
            #expect(try TipsDatastore(path: path).moodJournal() == [writerEntry(number: 3)])
            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(3))
        }
    }

    @Test func aVersionOneDatastoreKeepsItsRecordsAndGainsWhenEachTipWasNotified() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            // What version 1 wrote: its schema exactly, one tip displayed twice and closed, one mood.
            try runSQL(
                "PRAGMA application_id = 1178946643; PRAGMA journal_mode = WAL; " + Self.versionOneSchema
                    + "INSERT INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings) "
                    + "VALUES (1, 1, 1, 0); "
                    + "INSERT INTO tips VALUES ('TimeViewTip', 'tipClosed', 2, 1000, 2000); "
                    + "INSERT INTO moods VALUES (1, 'great', 1000, 3600); PRAGMA user_version = 1;", on: path)

            var state = try Self.load(path)
            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(3))

            #expect(
                state.tips["TimeViewTip"]
                    == TipRecord(
                        invalidation: .tipClosed, displayCount: 2,
                        firstDisplayed: Instant(microsecondsSinceEpoch: 1000),
                        lastDisplayed: Instant(microsecondsSinceEpoch: 2000), notified: nil))
            #expect(state.parameters.moodLogCount == 1)
            state[tip: "TimeViewTip"].notified = Instant(microsecondsSinceEpoch: 3000)
            try Self.save(state, path)
            #expect(try Self.load(path)[tip: "TimeViewTip"].notified?.microsecondsSinceEpoch == 3000)
        }
    }

    @Test func aVersionTwoDatastoreKeepsItsRowsAndChecksMoodsWithoutATemporaryTable() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            // What version 2 wrote: version 1's schema and the notified column, two moods, one tip notified.
            try runSQL(
                "PRAGMA application_id = 1178946643; PRAGMA journal_mode = WAL; " + Self.versionOneSchema
                    + "ALTER TABLE tips ADD COLUMN notified_at INTEGER; "
                    + "INSERT INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings) "
                    + "VALUES (1, 2, 2, 1); "
                    + "INSERT INTO tips VALUES ('SiriShortcutTip', 'actionPerformed', 1, 1000, 1000, 5000); "
                    + "INSERT INTO moods VALUES (7, 'bad', 1000, 3600), (9, 'great', 2000, -7200); "
                    + "PRAGMA user_version = 2;", on: path)

            let state = try Self.load(path)
            #expect(try queryValue("PRAGMA user_version", on: path) == .integer(3))

            #expect(
                try queryRows("SELECT id, mood, logged_at, utc_offset FROM moods ORDER BY id", on: path) == [
                    [.integer(7), .text("bad"), .integer(1000), .integer(3600)],
                    [.integer(9), .text("great"), .integer(2000), .integer(-7200)],
                ])
            #expect(
                state.tips["SiriShortcutTip"]
                    == TipRecord(
                        invalidation: .actionPerformed, displayCount: 1,
                        firstDisplayed: Instant(microsecondsSinceEpoch: 1000),
                        lastDisplayed: Instant(microsecondsSinceEpoch: 1000),
                        notified: Instant(microsecondsSinceEpoch: 5000)))
            #expect(state.parameters.moodLogCount == 2)
            // The journal is still append-only and still holds only the five moods; a reason is still one of three.
            #expect(throws: SQLiteError.self) {
                try runSQL("UPDATE moods SET mood = 'good' WHERE id = 7", on: path)
            }
            #expect(throws: SQLiteError.self) { try runSQL("DELETE FROM moods", on: path) }
            #expect(throws: SQLiteError.self) {
                try runSQL("INSERT INTO moods (mood, logged_at, utc_offset) VALUES ('meh', 1, 0)", on: path)
            }
            #expect(throws: SQLiteError.self) {
                try runSQL("UPDATE tips SET invalidation = 'shrugged' WHERE id = 'SiriShortcutTip'", on: path)
            }
            // The point of version 3: a mood is checked by comparisons, not by a b-tree filled for every row.
            let program = try queryRows(
                "EXPLAIN INSERT INTO moods (mood, logged_at, utc_offset) VALUES ('good', 1, 0)", on: path)
            #expect(!program.contains { $0.count > 1 && $0[1] == .text("OpenEphemeral") })
            #expect(try TipsDatastore(path: path).moodJournal().map(\.mood) == [.bad, .great])
        }
    }

    @Test func aNewDatastoreHoldsWhatTheMigrationsMakeOfAnOldOne() throws {
        try withTemporaryFolder { folder in
            let new = "\(folder)/new.sqlite"
            let migrated = "\(folder)/migrated.sqlite"
            _ = try Self.load(new)
            try runSQL(
                "PRAGMA application_id = 1178946643; " + Self.versionOneSchema
                    + "INSERT INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings) "
                    + "VALUES (1, 0, 0, 0); PRAGMA user_version = 1;", on: migrated)
            _ = try Self.load(migrated)

            let schema = "SELECT type, name, sql FROM sqlite_schema ORDER BY type, name"
            let made = try Self.collapsed(queryRows(schema, on: new))
            #expect(made.count == 5)
            #expect(made == (try Self.collapsed(queryRows(schema, on: migrated))))
            for path in [new, migrated] {
                #expect(try queryValue("PRAGMA user_version", on: path) == .integer(3))
                #expect(try queryRows("SELECT * FROM parameters", on: path).count == 1)
            }
        }
    }

    /// `rows` with their text's white space collapsed as the datastore's schema check collapses it.
    static func collapsed(_ rows: [[SQLiteValue]]) -> [[SQLiteValue]] {
        rows.map { row in
            row.map { value in
                guard case .text(let text) = value else { return value }
                return .text(DatastoreCheck.collapsingWhiteSpace(text))
            }
        }
    }

    /// The state in the datastore at `path`, which is closed again before this returns.
    static func load(_ path: String) throws -> TipsState {
        let datastore = try TipsDatastore(path: path)
        defer { withExtendedLifetime(datastore) {} }
        return try datastore.load()
    }

    /// Saves `state` into the datastore at `path`, which is closed again before this returns.
    static func save(_ state: TipsState, _ path: String) throws {
        let datastore = try TipsDatastore(path: path)
        try datastore.save(state)
    }

    /// Version 1's statements, as released.
    static let versionOneSchema = """
        CREATE TABLE moods (
            id INTEGER PRIMARY KEY,
            mood TEXT NOT NULL CHECK (mood IN ('horrible', 'bad', 'average', 'good', 'great')),
            logged_at INTEGER NOT NULL,
            utc_offset INTEGER NOT NULL
        ) STRICT;
        CREATE TRIGGER moods_are_never_updated BEFORE UPDATE ON moods
        BEGIN
            SELECT RAISE(ABORT, 'the mood journal is append-only');
        END;
        CREATE TRIGGER moods_are_never_deleted BEFORE DELETE ON moods
        BEGIN
            SELECT RAISE(ABORT, 'the mood journal is append-only');
        END;
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
        CREATE TABLE tips (
            id TEXT NOT NULL PRIMARY KEY CHECK (id <> ''),
            invalidation TEXT CHECK (invalidation IN ('actionPerformed', 'tipClosed', 'displayCountExceeded')),
            display_count INTEGER NOT NULL CHECK (display_count >= 0),
            first_displayed INTEGER,
            last_displayed INTEGER
        ) STRICT, WITHOUT ROWID;
        """
}
