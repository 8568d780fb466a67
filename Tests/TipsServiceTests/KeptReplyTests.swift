import EventLoop
import FeelsSystem
import Foundation
import Synchronization
import Testing
import TipsCore
import TipsInterface
import TipsStore

@testable import DBus
@testable import TipsService

/// A one-tip read answered from a reply kept since the last change, with no snapshot made to compare: never past the
/// engine's next time-driven change, whether or not the alarm set for it has fired. The object is called in process,
/// on a clock the test moves and never announces (no `timePassed()`); a fresh object at the same instant, which has
/// nothing kept, is the oracle.
@Suite struct KeptReplyTests {
    /// A clock, in UTC until the test moves it to another zone, that the test moves.
    final class SteppedClock: TipsClock {
        private let instant: Mutex<Instant>
        private let zone = Mutex(FixedOffsetZone.utc)

        init(_ start: Instant) { instant = Mutex(start) }

        var now: Instant { instant.withLock { $0 } }
        var timeZone: any TimeZoneRules { zone.withLock { $0 } }

        func advance(seconds: Int64) {
            instant.withLock { $0 = $0.advanced(byMicroseconds: seconds * 1_000_000) }
        }

        func move(to offset: FixedOffsetZone) {
            zone.withLock { $0 = offset }
        }
    }

    /// 2026-12-01 23:59:50 UTC.
    static let beforeMidnight = Instant(microsecondsSinceEpoch: 1_764_633_590_000_000)

    /// An object over a fresh datastore in `folder`, holding `state`, on `clock`.
    static func object(_ state: TipsState, clock: SteppedClock, frequency: DisplayFrequency, folder: URL) throws
        -> TipsObject
    {
        let path = folder.appendingPathComponent("tips-\(UUID().uuidString).sqlite").path
        let datastore = try TipsDatastore(path: path)
        try datastore.save(state)
        return TipsObject(
            engine: TipsEngine(state: state, displayFrequency: frequency, clock: clock),
            writer: DatastoreWriter(taking: datastore), loop: try PollLoop(),
            translations: Translations(directory: folder.path), languages: [])
    }

    /// The values of `GetTips` of the tip `id` alone, in `languages` (the service's own when `nil`).
    static func read(_ id: String, from object: TipsObject, languages: [String]? = nil) throws -> [DBusValue] {
        try object.getTips(ids: [id], options: Tips1.GetTipsOptions(languages: languages)).body.template.arguments
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The values of `GetTips` of every tip.
    static func readAll(from object: TipsObject) throws -> [DBusValue] {
        try object.getTips(ids: [], options: Tips1.GetTipsOptions()).body.template.arguments
    }

    /// Reads `tip` (every tip when `nil`) twice at 23:59:50 (kept, then answered as kept), then again twenty seconds
    /// on with no call between, and has a fresh object read it then: the last read must be the fresh object's, and
    /// differ from the first.
    static func expectKeptReadFollowsTime(_ state: TipsState, frequency: DisplayFrequency, tip: String?) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func read(from object: TipsObject) throws -> [DBusValue] {
            try tip.map { try Self.read($0, from: object) } ?? readAll(from: object)
        }
        let clock = SteppedClock(beforeMidnight)
        let object = try Self.object(state, clock: clock, frequency: frequency, folder: folder)
        let before = try read(from: object)
        #expect(try read(from: object) == before, "kept and read again")

        clock.advance(seconds: 20)
        let after = try read(from: object)
        let fresh = try Self.object(state, clock: clock, frequency: frequency, folder: folder)
        #expect(after == (try read(from: fresh)))
        #expect(after != before)
    }

    /// One tip read alone, and the list of every tip.
    @Test(arguments: ["WidgetVotingTip", nil])
    func aKeptReadIsNotAnsweredPastMidnight(tip: String?) throws {
        var state = TipsState()
        state.parameters.hasLoggedMoods = 1
        state.parameters.moodLogCount = 1
        state.parameters.firstUseDay = FixedOffsetZone.utc.day(at: Self.beforeMidnight)
        // WidgetVotingTip asks for a second day of use: pending on the first, available from midnight.
        try Self.expectKeptReadFollowsTime(state, frequency: .immediate, tip: tip)
    }

    @Test(arguments: ["SiriShortcutTip", nil])
    func aKeptReadIsNotAnsweredPastTheEndOfTheDisplayWindow(tip: String?) throws {
        var state = TipsState()
        // A tip shown a day ago less ten seconds opened the daily window: SiriShortcutTip, available from the third
        // mood and never shown, waits for it to end.
        state.parameters.hasLoggedMoods = 3
        state.parameters.moodLogCount = 3
        state.displayWindowOpened = Self.beforeMidnight.advanced(byMicroseconds: -(86_400 - 10) * 1_000_000)
        try Self.expectKeptReadFollowsTime(state, frequency: .daily, tip: tip)
    }

    /// A new zone moves the local day without the clock moving: the service then calls `timePassed()`, and no reply
    /// kept before is answered as it was (here ten seconds before UTC's midnight the day under UTC+1 is already the
    /// second day of use). The tip is kept in three lists of languages, one more than the refresh after an
    /// announcement makes again, so that one of them is left to the read.
    @Test func aKeptReadIsNotAnsweredAsItWasOnceTheZoneChanged() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SteppedClock(Self.beforeMidnight)
        var state = TipsState()
        state.parameters.hasLoggedMoods = 1
        state.parameters.moodLogCount = 1
        state.parameters.firstUseDay = FixedOffsetZone.utc.day(at: Self.beforeMidnight)
        let object = try Self.object(state, clock: clock, frequency: .immediate, folder: folder)
        let lists = [["de"], ["fr"], ["it"]]
        let before = try lists.map { try Self.read("WidgetVotingTip", from: object, languages: $0) }
        for (languages, kept) in zip(lists, before) {
            #expect(try Self.read("WidgetVotingTip", from: object, languages: languages) == kept, "kept, \(languages)")
        }

        clock.move(to: FixedOffsetZone(secondsEastOfUTC: 3_600))
        object.timePassed()
        let fresh = try Self.object(state, clock: clock, frequency: .immediate, folder: folder)
        for (languages, kept) in zip(lists, before) {
            let after = try Self.read("WidgetVotingTip", from: object, languages: languages)
            #expect(after == (try Self.read("WidgetVotingTip", from: fresh, languages: languages)), "\(languages)")
            #expect(after != kept, "\(languages)")
        }
    }
}
