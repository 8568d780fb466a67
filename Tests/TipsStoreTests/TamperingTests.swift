import Foundation
import Testing
import TipsCore
import TipsStore

/// A change no version of Feels Tips makes, and what the datastore must say of it.
struct Tampering: CustomTestStringConvertible, Sendable {
    /// SQL run with CHECK constraints off.
    let sql: String
    /// Whether the journal, rather than the state, holds the damage.
    let inJournal: Bool
    /// The reason `corrupt` must give.
    let reason: String
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

    @Test(arguments: tamperings)
    func aTamperedRowIsReportedAsCorrupt(_ tampering: Tampering) throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let state = TipsState(
                parameters: ParameterState(
                    hasLoggedMoods: 1, moodLogCount: 1,
                    streak: DayRun(first: CalendarDay(rawValue: 5), last: CalendarDay(rawValue: 6))),
                tips: [.timeView: TipRecord(invalidation: .tipClosed, displayCount: 1)])
            try TipsDatastore(path: path).save(state, appending: writerEntry(number: 1))
            try runSQL("PRAGMA ignore_check_constraints = ON; \(tampering.sql);", on: path)

            let datastore = try TipsDatastore(path: path)
            #expect(throws: DatastoreError.corrupt(path: path, reason: tampering.reason)) {
                if tampering.inJournal {
                    _ = try datastore.moodJournal()
                } else {
                    _ = try datastore.load()
                }
            }
        }
    }
}
