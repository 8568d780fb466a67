import Foundation
import Testing
import TipsCore

@testable import TipsStore

@Suite("Saving and loading")
struct SavingAndLoadingTests {
    /// A state with every field set, nil and not, and every invalidation reason.
    static let fullState = TipsState(
        parameters: ParameterState(
            hasLoggedMoods: 12, moodLogCount: 14, hasSeenSettings: true, firstUseDay: CalendarDay(rawValue: 20_400),
            streak: DayRun(first: CalendarDay(rawValue: 20_410), last: CalendarDay(rawValue: 20_417))),
        tips: [
            .customizeLayout: TipRecord(
                invalidation: .actionPerformed, displayCount: 1,
                firstDisplayed: Instant(microsecondsSinceEpoch: 1_762_000_000_123_456),
                lastDisplayed: Instant(microsecondsSinceEpoch: 1_762_000_000_123_456)),
            .aiInsights: TipRecord(
                invalidation: .tipClosed, displayCount: 3,
                firstDisplayed: Instant(microsecondsSinceEpoch: 1_762_100_000_000_001),
                lastDisplayed: Instant(microsecondsSinceEpoch: 1_762_300_000_999_999)),
            .moodStreak: TipRecord(
                invalidation: .displayCountExceeded, displayCount: 5,
                firstDisplayed: Instant(microsecondsSinceEpoch: -1), lastDisplayed: Instant(microsecondsSinceEpoch: 7)),
            .timeView: TipRecord(
                invalidation: nil, displayCount: 2,
                firstDisplayed: Instant(microsecondsSinceEpoch: 1_762_400_000_000_000), lastDisplayed: nil,
                notified: Instant(microsecondsSinceEpoch: 1_762_400_000_000_000)),
            .healthKitSync: TipRecord(notified: Instant(microsecondsSinceEpoch: 1_762_500_000_000_007)),
            .siriShortcut: TipRecord(),
        ],
        displayWindowOpened: Instant(microsecondsSinceEpoch: 1_762_400_000_654_321))

    /// A journal with every mood and offsets west, east, zero and on half and quarter hours.
    static let journal = [
        MoodEntry(mood: .great, loggedAt: Instant(microsecondsSinceEpoch: 1_762_000_000_000_001), utcOffset: -36_000),
        MoodEntry(mood: .horrible, loggedAt: Instant(microsecondsSinceEpoch: 1_762_000_100_000_000), utcOffset: 19_800),
        MoodEntry(mood: .average, loggedAt: Instant(microsecondsSinceEpoch: 1_762_000_000_000_000), utcOffset: 20_700),
        MoodEntry(mood: .bad, loggedAt: Instant(microsecondsSinceEpoch: 1_762_000_200_999_999), utcOffset: 0),
        MoodEntry(mood: .good, loggedAt: Instant(microsecondsSinceEpoch: 1_762_000_300_000_000), utcOffset: 45_900),
        MoodEntry(mood: .good, loggedAt: Instant(microsecondsSinceEpoch: 1_762_000_400_000_000), utcOffset: -12_600),
    ]

    @Test func aNewDatastoreLoadsAFreshInstallsStateAndAnEmptyJournal() throws {
        try withTemporaryFolder { folder in
            let datastore = try TipsDatastore(path: "\(folder)/tips.sqlite")
            #expect(try datastore.load() == TipsState())
            #expect(try datastore.moodJournal().isEmpty)
            #expect(datastore.path == "\(folder)/tips.sqlite")
        }
    }

    @Test func aSavedStateIsLoadedEqualAfterReopening() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(Self.fullState)
            #expect(try TipsDatastore(path: path).load() == Self.fullState)
        }
    }

    @Test func theJournalIsReadBackInLoggingOrderWithItsOffsets() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            do {
                let datastore = try TipsDatastore(path: path)
                var state = TipsState()
                for entry in Self.journal {
                    state.parameters.moodLogCount += 1
                    try datastore.save(state, journal: [.append(entry)])
                }
                #expect(try datastore.moodJournal() == Self.journal)
            }
            let reopened = try TipsDatastore(path: path)
            #expect(try reopened.moodJournal() == Self.journal)
            #expect(try reopened.load().parameters.moodLogCount == Self.journal.count)
        }
    }

    @Test func savingAFreshStateAfterMoodsKeepsTheJournal() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            do {
                let datastore = try TipsDatastore(path: path)
                for entry in Self.journal {
                    try datastore.save(Self.fullState, journal: [.append(entry)])
                }
                try datastore.save(TipsState())
                #expect(try datastore.load() == TipsState())
            }
            #expect(try TipsDatastore(path: path).moodJournal() == Self.journal)
        }
    }

    @Test func savingReplacesTheTipRecordsByExactlyTheStates() throws {
        try withTemporaryFolder { folder in
            let datastore = try TipsDatastore(path: "\(folder)/tips.sqlite")
            try datastore.save(Self.fullState)
            var fewer = Self.fullState
            fewer.tips = [.widgetVoting: TipRecord(invalidation: .tipClosed)]
            try datastore.save(fewer)
            #expect(try datastore.load() == fewer)
        }
    }

    /// A save after the first writes only the rows that differ from what the file holds. Every kind of
    /// change lands: each field of a record (`notified_at` of schema 2 among them), a record added and one removed,
    /// the parameters and the display window; and a row left alone stays as it was.
    @Test func aSaveWritingOnlyWhatChangedLeavesTheFileHoldingExactlyTheState() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(Self.fullState)
            var changed = Self.fullState
            do {
                let datastore = try TipsDatastore(path: path)
                #expect(try datastore.load() == Self.fullState)
                changed[tip: .timeView].notified = nil
                changed[tip: .healthKitSync].notified = Instant(microsecondsSinceEpoch: 1_762_600_000_000_000)
                changed[tip: .aiInsights].displayCount += 1
                changed[tip: .aiInsights].lastDisplayed = Instant(microsecondsSinceEpoch: 1_762_700_000_000_000)
                changed[tip: .moodStreak].invalidation = .actionPerformed
                changed[tip: .moodStreak].firstDisplayed = nil
                changed.tips[.customizeLayout] = nil
                changed[tip: .widgetVoting] = TipRecord(
                    displayCount: 1, firstDisplayed: Instant(microsecondsSinceEpoch: 5),
                    lastDisplayed: Instant(microsecondsSinceEpoch: 5), notified: Instant(microsecondsSinceEpoch: 4))
                try datastore.save(changed)
                #expect(try datastore.load() == changed)
                // The parameters and the window alone, the records as they are.
                changed.parameters.moodLogCount += 1
                changed.displayWindowOpened = nil
                try datastore.save(changed, journal: [.append(Self.journal[0])])
            }
            let reopened = try TipsDatastore(path: path)
            #expect(try reopened.load() == changed)
            #expect(try reopened.moodJournal() == [Self.journal[0]])
        }
    }

    @Test func aSaveThatFailsLeavesTheStateAndTheJournalAsTheyWere() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let datastore = try TipsDatastore(path: path)
            try datastore.save(Self.fullState, journal: [.append(Self.journal[0])])
            var impossible = Self.fullState
            impossible.parameters.moodLogCount = -1
            impossible.tips = [:]
            let error = #expect(throws: DatastoreError.self) {
                try datastore.save(impossible, journal: [.append(Self.journal[1])])
            }
            guard case .writeFailed(path, let reason)? = error else {
                Issue.record("expected writeFailed, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("CHECK constraint failed"))
            #expect(try datastore.load() == Self.fullState)
            #expect(try datastore.moodJournal() == [Self.journal[0]])
            // The datastore is still usable after the rollback.
            try datastore.save(TipsState(), journal: [.append(Self.journal[1])])
            #expect(try datastore.moodJournal() == Array(Self.journal[0...1]))
        }
    }

    @Test func forgettingTheJournalSaysHowManyMoodsWentAndLeavesItAppendOnly() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            do {
                let datastore = try TipsDatastore(path: path)
                try datastore.save(Self.fullState, journal: Self.journal.map(JournalChange.append))
                let forgotten = try datastore.save(TipsState(), journal: [.forget, .append(Self.journal[0]), .forget])
                #expect(forgotten == [Self.journal.count, 1])
                try datastore.save(TipsState(), journal: [.append(Self.journal[1])])
                #expect(try datastore.moodJournal() == [Self.journal[1]])
            }
            // The trigger forgetting dropped is back: the journal is append-only again, and opens as ours.
            #expect(throws: SQLiteError.self) { try runSQL("DELETE FROM moods", on: path) }
            #expect(try TipsDatastore(path: path).moodJournal() == [Self.journal[1]])
        }
    }
}
