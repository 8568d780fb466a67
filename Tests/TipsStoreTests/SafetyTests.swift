import Foundation
import Synchronization
import Testing
import TipsCore
import TipsStore

#if canImport(Glibc)
    import Glibc
#endif

/// Paths another user could redirect or read, and files deleted or replaced under an open datastore.
@Suite("Safety of the datastore's file")
struct SafetyTests {
    /// A state with `count` moods counted.
    static func state(_ count: Int) -> TipsState {
        TipsState(parameters: ParameterState(hasLoggedMoods: count, moodLogCount: count))
    }

    /// The sentences a datastore says as it recovers (`onRecovery`), in order.
    final class Recoveries: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// The datastore at `path` with `pathCheck`, what it says as it recovers kept in `recoveries`.
    static func open(
        _ path: String, pathCheck: PathCheck = .beforeEverySave, recoveries: Recoveries
    ) throws -> TipsDatastore {
        let datastore = try TipsDatastore(path: path)
        datastore.pathCheck = pathCheck
        datastore.onRecovery = { recoveries.append($0) }
        return datastore
    }

    /// A datastore in `folder` with `pathCheck` that saved mood 1, and whose file and WAL were then deleted.
    static func deletedAfterOneSave(
        in folder: String, pathCheck: PathCheck
    ) throws -> (datastore: TipsDatastore, path: String, recoveries: Recoveries) {
        let path = "\(folder)/tips.sqlite"
        let recoveries = Recoveries()
        let datastore = try open(path, pathCheck: pathCheck, recoveries: recoveries)
        try datastore.save(state(1), journal: [.append(writerEntry(number: 1))])
        try delete(path)
        return (datastore, path, recoveries)
    }

    /// What a datastore at `path` says when it wrote its deleted file again.
    static func rewritten(_ path: String) -> String {
        "Datastore '\(path)' was deleted while in use; wrote it again from the open copy"
    }

    /// Closes `datastore` and checks that its file, opened again, holds moods 1 to `count` and the state counting them.
    static func expectClosed(
        _ datastore: TipsDatastore, holding count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try datastore.close()
        let reopened = try TipsDatastore(path: datastore.path)
        #expect(try reopened.load() == state(count), sourceLocation: sourceLocation)
        #expect(try reopened.moodJournal() == (1...count).map(writerEntry(number:)), sourceLocation: sourceLocation)
    }

    /// Deletes the file at `path` and its WAL, as `rm tips.sqlite tips.sqlite-wal` does.
    static func delete(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: "\(path)-wal")
    }

    // A datastore path that was a symbolic link to an empty file was once followed, the target made a datastore.
    @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        try withTemporaryFolder { folder in
            try write(Data(), to: "\(folder)/target")
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/tips.sqlite", withDestinationPath: "target")
            let path = "\(folder)/tips.sqlite"
            #expect(
                throws: DatastoreError.cannotOpen(
                    path: path, reason: "'\(path)' is a symbolic link; a datastore must be a regular file of its own")
            ) { try TipsDatastore(path: path) }
            #expect(try bytes(of: "\(folder)/target").isEmpty)
        }
    }

    @Test func aFileOthersCouldReadIsMadePrivateAndSaysSo() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(Self.state(1))
            #expect(chmod(path, 0o666) == 0)
            let datastore = try TipsDatastore(path: path)
            #expect(mode(of: path) == 0o600)
            #expect(datastore.notes == ["Made '\(path)' private: its mode was 0666, now 0600"])
            #expect(try datastore.load() == Self.state(1))
        }
    }

    @Test func aFolderOthersCanWriteToIsRefusedUnlessItIsSticky() throws {
        try withTemporaryFolder { folder in
            let shared = "\(folder)/shared"
            #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o777) == 0)
            #expect(
                throws: DatastoreError.cannotOpen(
                    path: "\(shared)/tips.sqlite", reason: "its folder '\(shared)' can be written by other users")
            ) { try TipsDatastore(path: "\(shared)/tips.sqlite") }
            #expect(chmod(shared, 0o1777) == 0)
            #expect(throws: Never.self) { try TipsDatastore(path: "\(shared)/tips.sqlite") }
        }
    }

    @Test(.enabled(if: geteuid() == 0, "changing a folder's owner needs root"))
    func aFolderOrFileOfAnotherUserIsRefused() throws {
        try withTemporaryFolder { folder in
            let theirs = "\(folder)/theirs"
            #expect(mkdir(theirs, 0o700) == 0 && chown(theirs, 65_534, 65_534) == 0)
            #expect(
                throws: DatastoreError.cannotOpen(
                    path: "\(theirs)/tips.sqlite", reason: "its folder '\(theirs)' belongs to another user (uid 65534)")
            ) { try TipsDatastore(path: "\(theirs)/tips.sqlite") }
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(Self.state(1))
            #expect(chown(path, 65_534, 65_534) == 0)
            #expect(
                throws: DatastoreError.cannotOpen(path: path, reason: "'\(path)' belongs to another user (uid 65534)")
            ) {
                try TipsDatastore(path: path)
            }
        }
    }

    // After `rm tips.sqlite tips.sqlite-wal`, five acknowledged moods were once gone at the next start.
    @Test func aFileDeletedWhileOpenIsWrittenAgainWithEverythingAcknowledged() throws {
        try withTemporaryFolder { folder in
            let (datastore, path, recoveries) = try Self.deletedAfterOneSave(in: folder, pathCheck: .beforeEverySave)
            for number in 2...6 {
                try datastore.save(Self.state(number), journal: [.append(writerEntry(number: number))])
            }
            #expect(recoveries.all == [Self.rewritten(path)])
            try Self.expectClosed(datastore, holding: 6)
        }
    }

    @Test func aFileDeletedWhileOpenIsWrittenAgainWhateverTheCharactersOfItsPath() throws {
        try withTemporaryFolder { folder in
            let quoted = "\(folder)/it's \"mine\""
            try FileManager.default.createDirectory(atPath: quoted, withIntermediateDirectories: false)
            let (datastore, path, recoveries) = try Self.deletedAfterOneSave(in: quoted, pathCheck: .beforeEverySave)
            try datastore.save(Self.state(2), journal: [.append(writerEntry(number: 2))])
            #expect(recoveries.all == [Self.rewritten(path)])
            try Self.expectClosed(datastore, holding: 2)
        }
    }

    // The service follows the path with inotify and notes what may concern it (PathCheck.whenNoted): a save then
    // looks at the path only when told to, and what it does then is what every save did before.
    @Test func withPathChecksWhenNotedASaveLooksAtThePathOnlyOnceAChangeWasNoted() throws {
        try withTemporaryFolder { folder in
            let (datastore, path, recoveries) = try Self.deletedAfterOneSave(in: folder, pathCheck: .whenNoted)
            try datastore.save(Self.state(2), journal: [.append(writerEntry(number: 2))])
            #expect(!FileManager.default.fileExists(atPath: path), "a save looked at the path with nothing noted")
            #expect(recoveries.all.isEmpty)

            datastore.notePathChanged()
            try datastore.save(Self.state(3), journal: [.append(writerEntry(number: 3))])
            #expect(recoveries.all == [Self.rewritten(path)])
            try FileManager.default.removeItem(atPath: path)
            try datastore.save(Self.state(4), journal: [.append(writerEntry(number: 4))])
            #expect(recoveries.all.count == 1, "the note was used up by the save that looked")

            datastore.notePathChanged()
            try datastore.save(Self.state(5), journal: [.append(writerEntry(number: 5))])
            try Self.expectClosed(datastore, holding: 5)
        }
    }

    @Test func closingLooksAtThePathAsASaveDoes() throws {
        try withTemporaryFolder { folder in
            let (datastore, path, recoveries) = try Self.deletedAfterOneSave(in: folder, pathCheck: .whenNoted)
            try Self.expectClosed(datastore, holding: 1)
            #expect(recoveries.all == [Self.rewritten(path)])

            let second = try Self.open(path, recoveries: recoveries)
            try second.save(Self.state(2), journal: [.append(writerEntry(number: 2))])
            try FileManager.default.removeItem(atPath: path)
            try runSQL("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('theirs');", on: path)
            let theirs = try bytes(of: path)
            try second.close()
            #expect(try bytes(of: path) == theirs)
            let message = try #require(recoveries.all.last)
            #expect(message.contains("was replaced by another file while in use; ours is saved as"), "\(message)")
            let saved = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".saved-") }
            #expect(saved.count == 1)
            #expect(try TipsDatastore(path: "\(folder)/\(saved[0])").moodJournal() == (1...2).map(writerEntry(number:)))
        }
    }

    @Test func closingAfterTheFolderWentSaysSoAndClosesAllTheSame() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/feels/tips.sqlite"
            let datastore = try TipsDatastore(path: path)
            try datastore.save(Self.state(1), journal: [.append(writerEntry(number: 1))])
            try FileManager.default.removeItem(atPath: "\(folder)/feels")
            #expect {
                try datastore.close()
            } throws: { error in
                guard case .writeFailed(let named, let reason) = error as? DatastoreError else { return false }
                return named == path && reason.contains("the file was deleted and cannot be written again")
            }
            try datastore.close()
            #expect(throws: DatastoreError.self) { try datastore.save(Self.state(2)) }
        }
    }

    @Test func withPathChecksWhenNotedTheFirstSaveLooks() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let datastore = try TipsDatastore(path: path)
            datastore.pathCheck = .whenNoted
            try FileManager.default.removeItem(atPath: path)
            try runSQL("CREATE TABLE notes (body TEXT);", on: path)
            #expect(throws: DatastoreError.self) {
                try datastore.save(Self.state(1), journal: [.append(writerEntry(number: 1))])
            }
            #expect(throws: DatastoreError.self) { try datastore.save(Self.state(1)) }
        }
    }

    @Test func aFileReplacedWhileOpenIsLeftAloneAndOursIsSavedBesideIt() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            let datastore = try TipsDatastore(path: path)
            try datastore.save(Self.state(2), journal: [.append(writerEntry(number: 2))])
            try FileManager.default.removeItem(atPath: path)
            try runSQL("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('theirs');", on: path)
            let theirs = try bytes(of: path)

            var saved: String?
            #expect {
                try datastore.save(Self.state(3), journal: [.append(writerEntry(number: 3))])
            } throws: { error in
                guard case .replaced(let named, let savedTo) = error as? DatastoreError else { return false }
                saved = savedTo
                return named == path
            }
            #expect(throws: DatastoreError.self) { try datastore.save(Self.state(3)) }
            #expect(try bytes(of: path) == theirs)
            let copy = try TipsDatastore(path: try #require(saved))
            #expect(try copy.load() == Self.state(2))
            #expect(try copy.moodJournal() == [writerEntry(number: 2)])
        }
    }
}
