import FeelsSystem
import Foundation
import Testing
import TipsCore
import TipsInterface
import TipsStore

@testable import DBus
@testable import TipsService

/// The replies kept for reads are made again for a write's engine while the write is made durable, and adopted once
/// it is: the first reads after it are answered from them, as a fresh object over the same state answers. A write
/// the datastore refuses leaves them unadopted. The object is called in process and its loop driven step by step,
/// so that the replies are made before the commit ends, as they are when a read wakes the loop's other thread while a
/// disk is waited for.
@Suite struct UpcomingReplyTests {
    static let start = KeptReplyTests.beforeMidnight

    /// A state in which logging a mood changes the tips: SiriShortcutTip and the list's rules count moods.
    static var state: TipsState {
        var state = TipsState()
        state.parameters.hasLoggedMoods = 2
        state.parameters.moodLogCount = 2
        state.parameters.firstUseDay = FixedOffsetZone.utc.day(at: start)
        return state
    }

    /// An object over a fresh datastore holding ``state``, in a folder of its own, on a clock the test moves.
    struct Fixture {
        let folder: URL
        let clock = KeptReplyTests.SteppedClock(UpcomingReplyTests.start)
        let object: TipsObject

        init() throws {
            folder = try KeptReplyTests.temporaryFolder()
            object = try KeptReplyTests.object(
                UpcomingReplyTests.state, clock: clock, frequency: .immediate, folder: folder)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// `GetTips` of every tip, as `object` answers it.
    static func readAll(from object: TipsObject) throws -> [DBusValue] {
        try KeptReplyTests.readAll(from: object)
    }

    /// Logs a mood through the object's group commit, stopping where the commit is out with the datastore and the
    /// loop's spare callbacks (the replies made for it) are yet to run.
    static func logMood(on object: TipsObject, loop: PollLoop) {
        object.enqueue(
            Write(caller: nil, reply: nil) { engine throws(TipsError) in
                _ = engine.logMood(.good)
                return Applied()
            })
        // With no other message waiting to be dispatched, the commit starts at once and hands its save to the loop.
        #expect(object.committing != nil)
    }

    @Test func theRepliesAWriteChangesAreMadeWhileItIsMadeDurableAndAdoptedOnceItIs() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (object, loop, clock, folder) = (fixture.object, fixture.object.loop, fixture.clock, fixture.folder)
        let before = try Self.readAll(from: object)
        let tip = try KeptReplyTests.read("SiriShortcutTip", from: object)

        Self.logMood(on: object, loop: loop)
        // The replies made for the commit in flight: the list and the tip read alone, which it changed.
        loop.runIdleCallbacks()
        let upcoming = try #require(object.upcoming)
        #expect(upcoming.lists.count == 1)
        #expect(upcoming.dictionaries[DictionaryKey(id: TipID(rawValue: "SiriShortcutTip"), languages: [])] != nil)
        // Reads meanwhile are of the engine that is durable.
        #expect(try Self.readAll(from: object) == before)
        #expect(try KeptReplyTests.read("SiriShortcutTip", from: object) == tip)

        loop.runQueuedOutsideWork()
        #expect(object.committing == nil && object.upcoming == nil)
        let list = try #require(object.tipLists.values.first)
        let adopted = list.snapshots == object.durable.snapshots()
        #expect(adopted, "adopted, not yet read")

        #expect(object.durable.state.parameters.moodLogCount == 3)
        let fresh = try KeptReplyTests.object(
            object.durable.state, clock: clock, frequency: .immediate, folder: folder)
        let after = try Self.readAll(from: object)
        #expect(after == (try Self.readAll(from: fresh)))
        #expect(after != before)
        #expect(
            try KeptReplyTests.read("SiriShortcutTip", from: object)
                == KeptReplyTests.read("SiriShortcutTip", from: fresh))
    }

    /// Made once the commit ended, with nothing changed since: adopted then; made after something else changed the
    /// durable engine: dropped.
    @Test(arguments: [false, true])
    func theRepliesMadeAfterTheirCommitEndedAreAdoptedWhileNothingChangedSince(changed: Bool) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (object, loop, clock, folder) = (fixture.object, fixture.object.loop, fixture.clock, fixture.folder)
        let before = try Self.readAll(from: object)
        Self.logMood(on: object, loop: loop)
        loop.runQueuedOutsideWork()
        #expect(object.committing == nil)
        if changed {
            // What time does to the engine, as an alarm or a new time zone would have it.
            object.durableGeneration &+= 1
        }
        loop.runIdleCallbacks()
        #expect(object.upcoming == nil)
        let adopted = object.tipLists.values.first?.snapshots == object.durable.snapshots()
        #expect(adopted == !changed)
        let after = try Self.readAll(from: object)
        #expect(after != before)
        let fresh = try KeptReplyTests.object(object.durable.state, clock: clock, frequency: .immediate, folder: folder)
        #expect(after == (try Self.readAll(from: fresh)))
    }

    @Test func theRepliesMadeForAWriteTheDatastoreRefusesAreDropped() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let (object, loop) = (fixture.object, fixture.object.loop)
        let before = try Self.readAll(from: object)
        // Another file in the datastore's place: the save is refused (the changes go to a file beside it).
        let path = object.writer.path
        try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
        try Data().write(to: URL(fileURLWithPath: path))

        Self.logMood(on: object, loop: loop)
        loop.runIdleCallbacks()
        #expect(object.upcoming?.lists.count == 1)
        loop.runQueuedOutsideWork()
        #expect(object.committing == nil && object.upcoming == nil)
        #expect(object.durable.state.parameters.moodLogCount == 2, "refused")
        let kept = object.tipLists.values.first?.snapshots == object.durable.snapshots()
        #expect(kept, "the list kept is the durable engine's")
        #expect(try Self.readAll(from: object) == before)
    }
}

extension PollLoop {
    /// Runs the idle callbacks waiting and then the spare ones, as the next thread free does (the other thread woken
    /// while one is out with outside work, or that one once back), and nothing else.
    fileprivate func runIdleCallbacks() {
        exclusion.lock()
        defer { exclusion.unlock() }
        let handlers = idleHandlers + spareHandlers
        idleHandlers.removeAll()
        spareHandlers.removeAll()
        for handler in handlers { handler() }
    }
}
