import Foundation
import Testing
import TipsCore

@testable import TipsStore

/// The next save's transaction, begun while nothing waits for it (`beginNextSave()`): the save writes into it, and
/// what cannot run inside a transaction (writing a deleted file again, the checkpoint at close) ends it first.
@Suite("A save's transaction begun ahead")
struct BeginAheadTests {
    @Test func aSaveWritesIntoTheTransactionBegunAheadOfIt() throws {
        try withTemporaryFolder { folder in
            let datastore = try TipsDatastore(path: "\(folder)/tips.sqlite")
            for number in 1...3 {
                // A save that began its own transaction here would fail: SQLite has no transaction within another.
                try datastore.beginNextSave()
                try datastore.save(SafetyTests.state(number), journal: [.append(writerEntry(number: number))])
            }
            try SafetyTests.expectClosed(datastore, holding: 3)
        }
    }

    @Test func beginningAgainBeforeTheSaveChangesNothing() throws {
        try withTemporaryFolder { folder in
            let datastore = try TipsDatastore(path: "\(folder)/tips.sqlite")
            try datastore.beginNextSave()
            try datastore.beginNextSave()
            #expect(try datastore.moodJournal().isEmpty, "reads see what is saved, the transaction begun or not")
            try datastore.save(SafetyTests.state(1), journal: [.append(writerEntry(number: 1))])
            try SafetyTests.expectClosed(datastore, holding: 1)
        }
    }

    @Test func closingEndsItAndLeavesTheFileAloneHoldingEverything() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let datastore = try TipsDatastore(path: path)
            try datastore.save(SafetyTests.state(1), journal: [.append(writerEntry(number: 1))])
            try datastore.beginNextSave()
            try datastore.close()
            #expect(try contents(of: folder) == ["tips.sqlite"])
            let reopened = try TipsDatastore(path: path)
            #expect(try reopened.load() == SafetyTests.state(1))
            #expect(try reopened.moodJournal() == [writerEntry(number: 1)])
        }
    }

    @Test func aFileDeletedMeanwhileIsWrittenAgainBeforeTheSave() throws {
        try withTemporaryFolder { folder in
            let (datastore, path, recoveries) = try SafetyTests.deletedAfterOneSave(
                in: folder, pathCheck: .beforeEverySave)
            try datastore.beginNextSave()
            try datastore.save(SafetyTests.state(2), journal: [.append(writerEntry(number: 2))])
            #expect(recoveries.all == [SafetyTests.rewritten(path)])
            try SafetyTests.expectClosed(datastore, holding: 2)
        }
    }

    @Test func aFileDeletedMeanwhileIsWrittenAgainAtClose() throws {
        try withTemporaryFolder { folder in
            let (datastore, path, recoveries) = try SafetyTests.deletedAfterOneSave(in: folder, pathCheck: .whenNoted)
            try datastore.beginNextSave()
            try SafetyTests.expectClosed(datastore, holding: 1)
            #expect(recoveries.all == [SafetyTests.rewritten(path)])
        }
    }

    @Test func aSaveRefusedInItLeavesNothingForTheNext() throws {
        try withTemporaryFolder { folder in
            let datastore = try TipsDatastore(path: "\(folder)/tips.sqlite")
            try datastore.save(SafetyTests.state(1), journal: [.append(writerEntry(number: 1))])
            try datastore.beginNextSave()
            let negative = TipsState(parameters: ParameterState(hasLoggedMoods: 2, moodLogCount: -2))
            #expect(throws: DatastoreError.self) {
                try datastore.save(negative, journal: [.append(writerEntry(number: 2))])
            }
            try datastore.save(SafetyTests.state(2), journal: [.append(writerEntry(number: 2))])
            try SafetyTests.expectClosed(datastore, holding: 2)
        }
    }

    @Test func theWriterBeginsItAsAJobInOrderWithTheSaves() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let writer = DatastoreWriter(taking: try TipsDatastore(path: path))
            guard case .done = writer.perform(.beginNextSave) else {
                Issue.record("beginning the next save ahead was not reported as begun")
                return
            }
            guard case .saved = writer.perform(.save(SafetyTests.state(1), [.append(writerEntry(number: 1))])) else {
                Issue.record("the save after it failed")
                return
            }
            try writer.close()
            #expect(try TipsDatastore(path: path).moodJournal() == [writerEntry(number: 1)])
        }
    }
}
