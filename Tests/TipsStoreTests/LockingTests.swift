import Testing
import TipsCore
import TipsStore

@Suite("One process at a time")
struct LockingTests {
    @Test func aSecondDatastoreOnTheSameFileIsRefusedAsInUse() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let first = try TipsDatastore(path: path)
            #expect(throws: DatastoreError.inUse(path: path)) { try TipsDatastore(path: path) }
            // The refused open must not have disturbed the first one, still open here.
            try first.save(TipsState(parameters: ParameterState(moodLogCount: 1)))
            #expect(try first.load().parameters.moodLogCount == 1)
        }
    }

    @Test func aDatastoreOpenInAnotherProcessIsRefusedAsInUse() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let writer = try WriterProcess(path: path, count: 1_000_000)
            guard try writer.nextAck() != nil else {
                Issue.record("the writer ended before its first ack: \(writer.waitForExit()): \(writer.errorOutput())")
                return
            }
            #expect(throws: DatastoreError.inUse(path: path)) { try TipsDatastore(path: path) }
            try writer.killAndCollectAcks()
            #expect(try TipsDatastore(path: path).moodJournal().count >= 1)
        }
    }

    @Test func aDatastoreCanBeOpenedAgainOnceReleased() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(TipsState(parameters: ParameterState(hasSeenSettings: true)))
            #expect(try TipsDatastore(path: path).load().parameters.hasSeenSettings)
        }
    }
}
