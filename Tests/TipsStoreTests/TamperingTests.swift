import CSQLite
import Foundation
import Testing
import TipsCore

@testable import TipsStore

/// A change no version of Feels Tips makes, and what the datastore must say of it.
struct Tampering: CustomTestStringConvertible, Sendable {
    /// SQL run with CHECK constraints off.
    let sql: String
    /// Whether the journal, rather than the state, holds the damage.
    let inJournal: Bool
    /// The reason the row decoders give, which reading the row reports when no constraint catches it first.
    let reason: String
    /// The table whose CHECK constraint SQLite's check finds broken before anything is written; `nil` when none can
    /// see it.
    var table: String? {
        if sql.contains("DELETE") { return nil }
        return ["moods", "parameters", "tips"].first { sql.contains(" \($0) ") || sql.contains(" \($0)(") }
    }
    var testDescription: String { sql }
}

@Suite("Tampered rows")
struct TamperingTests {
    static let tamperings = [
        Tampering(
            sql: "INSERT INTO moods (mood, logged_at, utc_offset) VALUES ('ecstatic', 0, 0)", inJournal: true,
            reason: "moods row 2: column 'mood' is 'ecstatic', not a mood"),
        Tampering(
            sql: "UPDATE parameters SET mood_log_count = -3", inJournal: false,
            reason: "parameters row: column 'mood_log_count' is -3; a count cannot be negative"),
        Tampering(
            sql: "UPDATE parameters SET has_logged_moods = -1", inJournal: false,
            reason: "parameters row: column 'has_logged_moods' is -1; a count cannot be negative"),
        Tampering(
            sql: "UPDATE parameters SET has_seen_settings = 2", inJournal: false,
            reason: "parameters row: column 'has_seen_settings' is 2; a flag is 0 or 1"),
        Tampering(
            sql: "UPDATE parameters SET streak_first_day = 20, streak_last_day = 10", inJournal: false,
            reason: "parameters row: column 'streak_last_day' is 10, before streak_first_day 20"),
        Tampering(
            sql: "UPDATE parameters SET streak_first_day = NULL", inJournal: false,
            reason: "parameters row: column 'streak_first_day' is NULL but streak_last_day is not"),
        Tampering(
            sql: "UPDATE tips SET invalidation = 'forgotten'", inJournal: false,
            reason: "tips row 'TimeViewTip': column 'invalidation' is 'forgotten', not an invalidation reason"),
        Tampering(
            sql: "UPDATE tips SET display_count = -1", inJournal: false,
            reason: "tips row 'TimeViewTip': column 'display_count' is -1; a count cannot be negative"),
        Tampering(
            sql: "INSERT INTO tips (id, display_count) VALUES ('', 0)", inJournal: false,
            reason: "tips row '': column 'id' is empty"),
        Tampering(
            sql: "DELETE FROM parameters", inJournal: false,
            reason: "the parameters table has 0 rows instead of 1"),
    ]

    /// A datastore with one mood, a streak and an invalidated tip, then `tampering` applied behind its back.
    static func tamperedDatastore(in folder: String, _ tampering: Tampering) throws -> String {
        let path = "\(folder)/tips.sqlite"
        let state = TipsState(
            parameters: ParameterState(
                hasLoggedMoods: 1, moodLogCount: 1,
                streak: DayRun(first: CalendarDay(rawValue: 5), last: CalendarDay(rawValue: 6))),
            tips: [.timeView: TipRecord(invalidation: .tipClosed, displayCount: 1)])
        try TipsDatastore(path: path).save(state, journal: [.append(writerEntry(number: 1))])
        try runSQL("PRAGMA ignore_check_constraints = ON; \(tampering.sql);", on: path)
        return path
    }

    // A damaged journal was once found only by the first LogMood, while the service went on serving.
    @Test(arguments: tamperings.filter { $0.table != nil })
    func aRowBreakingAConstraintIsRefusedBeforeAnythingIsWrittenAndLeftIntact(_ tampering: Tampering) throws {
        try withTemporaryFolder { folder in
            let path = try Self.tamperedDatastore(in: folder, tampering)
            let before = try bytes(of: path)
            let reason = "SQLite's check found: CHECK constraint failed in \(tampering.table ?? "")"
            // Opening refuses a damaged state; the journal's pages are read through after it, before the first write.
            #expect(throws: DatastoreError.corrupt(path: path, reason: reason)) {
                try TipsDatastore(path: path).verifyJournalPages()
            }
            #expect(try bytes(of: path) == before)
            #expect(try contents(of: folder) == ["tips.sqlite"])
        }
    }

    @Test(arguments: tamperings)
    func theRowDecodersRefuseWhatNoVersionWrites(_ tampering: Tampering) throws {
        try withTemporaryFolder { folder in
            let path = try Self.tamperedDatastore(in: folder, tampering)
            if tampering.table == nil {
                let datastore = try TipsDatastore(path: path)
                #expect(throws: DatastoreError.corrupt(path: path, reason: tampering.reason)) { try datastore.load() }
                return
            }
            let (select, decode): (String, ([SQLiteValue]) throws(RowDecodingError) -> Void) =
                switch tampering.table {
                case "moods":
                    (MoodsTable.select, { values throws(RowDecodingError) in _ = try MoodsTable.decode(values) })
                case "tips": (TipsTable.select, { values throws(RowDecodingError) in _ = try TipsTable.decode(values) })
                default:
                    (
                        ParametersTable.select,
                        { values throws(RowDecodingError) in _ = try ParametersTable.decode(values) }
                    )
                }
            var reasons: [String] = []
            for row in try queryRows(select, on: path) {
                do throws(RowDecodingError) {
                    try decode(row)
                } catch {
                    reasons.append(error.reason)
                }
            }
            #expect(reasons == [tampering.reason])
        }
    }

    // A moods table of the wrong shape was once served, and every LogMood then failed.
    @Test func anAlteredTableIsRefusedWhenTheDatastoreOpens() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(TipsState(), journal: [.append(writerEntry(number: 1))])
            try runSQL("ALTER TABLE moods ADD COLUMN note TEXT", on: path)
            let before = try bytes(of: path)
            #expect(throws: DatastoreError.corrupt(path: path, reason: "its schema was altered (altered: moods)")) {
                try TipsDatastore(path: path)
            }
            #expect(try bytes(of: path) == before)
            try runSQL("DROP TRIGGER moods_are_never_deleted", on: path)
            #expect(
                throws: DatastoreError.corrupt(
                    path: path, reason: "its schema was altered (altered: moods; missing: moods_are_never_deleted)")
            ) { try TipsDatastore(path: path) }
        }
    }

    @Test func aDamagedPageInTheJournalIsRefusedBeforeAnythingIsWrittenAndLeftIntact() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let datastore = try TipsDatastore(path: path)
            var state = TipsState()
            for number in 1...400 {
                state.parameters.moodLogCount = number
                state.parameters.hasLoggedMoods = number
                try datastore.save(state, journal: [.append(writerEntry(number: number))])
            }
            try datastore.close()
            guard
                case .integer(let root) = try queryValue(
                    "SELECT rootpage FROM sqlite_schema WHERE name = 'moods'", on: path),
                case .integer(let pageSize) = try queryValue("PRAGMA page_size", on: path)
            else { throw SQLiteError(code: SQLITE_ERROR, message: "no moods table") }
            // Scribble over the middle of the journal's root page: its cell pointers now point at nonsense.
            var damaged = try bytes(of: path)
            let offset = Int((root - 1) * pageSize) + 8
            for index in offset..<(offset + 64) { damaged[index] = 0xA5 }
            try damaged.write(to: URL(fileURLWithPath: path))

            #expect {
                try TipsDatastore(path: path).verifyJournalPages()
            } throws: { error in
                guard case .corrupt(let named, _) = error as? DatastoreError else { return false }
                return named == path
            }
            #expect(try bytes(of: path) == damaged)
        }
    }
}
