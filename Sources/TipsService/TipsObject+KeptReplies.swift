import DBus
import FeelsSystem
import TipsCore
import TipsInterface

/// What a `GetTips` reply kept answers: one tip, every tip, or every tip at one location, in one list of languages.
struct KeptReplyKey: Hashable {
    /// The tips a call reads.
    enum Selection: Hashable {
        /// One tip, named alone, at any location.
        case tip(TipID)
        /// Every tip.
        case all
        /// Every tip at one location.
        case location(TipLocation)
    }

    let selection: Selection
    let languages: [String]
}

/// A `GetTips` reply as last marshalled, and the snapshots of the tips it shows.
struct KeptReply {
    let snapshots: [TipSnapshot]
    /// The languages its words are in.
    let languages: [LanguageName]
    let reply: Tips1.GetTipsPrepared
    /// The generation of the durable engine in which it was last read: a reply read since the last change is made
    /// again for the next one while the disk syncs it (``TipsObject/keptRepliesRemade(for:)``).
    var readIn: UInt64?
    /// The generation of the durable engine in which `snapshots` were last found to be the tips as the engine shows
    /// them: in that generation, and before the engine's next time-driven change, `reply` answers without the
    /// snapshots being made again to compare.
    var checkedIn: UInt64?
}

// The tips' dictionaries are most of what a read sends, and marshalling an a{sv} costs several times copying it: what
// an app reads again and again (one tip, every tip, the tips at one location) is marshalled again only when a tip it
// shows changed (a snapshot compares every field a dictionary carries, the clock's effects and a notification's hold
// included), and every call between is answered with a copy of the reply kept. A write's reply is marshalled afresh:
// it waits for an fsync that costs far more.
extension TipsObject {
    /// A caller naming ever new lists of languages must not grow the kept replies without bound: sixteen lists' worth
    /// is kept (each list of languages a call names is cut to sixteen names first).
    static let languageListsKept = 16

    /// `GetTips`' reply: the tips `ids` name (every tip, in catalog order, when empty) at `location` (`''` for every
    /// location), in words of `languages`.
    ///
    /// - Throws: `UnknownTip` for an id no tip has, `UnknownLocation` for a location no tip is shown at.
    func tipsReply(_ ids: [String], location: String, languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.GetTipsPrepared
    {
        let now = durable.now
        let key = Self.keptReplyKey(ids, location: location, languages: languages)
        let index = key.flatMap { keptReplies.index(forKey: $0) }
        // Kept and checked in this generation: nothing can have changed it before the engine's next time-driven
        // change, so a read then makes no snapshot (the tips' rules, status and hold, the day in the time zone) to
        // compare.
        if let index, keptReplies.values[index].checkedIn == durableGeneration, snapshotsHold(at: now) {
            keptReplies.values[index].readIn = durableGeneration
            return keptReplies.values[index].reply
        }
        // Known before the snapshots are made, so that a reply checked against them holds no later than it.
        let checkedIn = key != nil && snapshotsHold(at: now) ? durableGeneration : nil
        let snapshots = try read { engine throws(TipsError) -> [TipSnapshot] in
            let filter = try TipLocation.filter(parsing: location)
            let all =
                ids.isEmpty
                ? engine.snapshots()
                : try ids.map { id throws(TipsError) in try engine.snapshot(of: TipID(rawValue: id)) }
            return all.filter { filter == nil || $0.tip.location == filter }
        }
        if let index, keptReplies.values[index].snapshots == snapshots {
            keptReplies.values[index].checkedIn = checkedIn
            keptReplies.values[index].readIn = durableGeneration
            return keptReplies.values[index].reply
        }
        let reply = try marshalReply(snapshots, languages: languages)
        let bound = Self.languageListsKept * (durable.catalog.count + TipLocation.allCases.count + 1)
        if let key, index != nil || keptReplies.count < bound {
            keptReplies[key] = KeptReply(
                snapshots: snapshots, languages: languages, reply: reply, readIn: durableGeneration,
                checkedIn: checkedIn)
        }
        return reply
    }

    /// The replies read since the durable engine last changed whose tips `engine` shows otherwise, marshalled again
    /// as `engine` shows them. Made while the disk syncs the commit that makes `engine` durable, when the loop has
    /// nothing else to do, so that the read an app makes after its write (a mood logged, then its tips read) finds its
    /// reply marshalled. Each is compared with the tips again as it is read, as any kept reply is: one made before a
    /// time-driven change, or before a commit that failed, is never answered after it.
    func keptRepliesRemade(for engine: TipsEngine) -> [KeptReplyKey: KeptReply] {
        var remade: [KeptReplyKey: KeptReply] = [:]
        // Every tip's snapshot made once, for the lists of every tip and of each location.
        lazy var all = engine.snapshots()
        for (key, kept) in keptReplies where kept.readIn == durableGeneration {
            let snapshots: [TipSnapshot]
            switch key.selection {
            case .tip(let id):
                guard let snapshot = try? engine.snapshot(of: id) else { continue }
                snapshots = [snapshot]
            case .all: snapshots = all
            case .location(let location): snapshots = all.filter { $0.tip.location == location }
            }
            guard snapshots != kept.snapshots,
                let reply = try? marshalReply(snapshots, languages: kept.languages)
            else { continue }
            remade[key] = KeptReply(snapshots: snapshots, languages: kept.languages, reply: reply, checkedIn: nil)
        }
        return remade
    }

    /// `GetTips`' reply showing `snapshots` in words of `languages`.
    private func marshalReply(_ snapshots: [TipSnapshot], languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.GetTipsPrepared
    {
        try Self.marshal { () throws(DBusError) in
            try Tips1.GetTipsPrepared(tips: snapshots.map { tip(of: $0, languages: languages) })
        }
    }

    /// Where `GetTips`' reply is kept: for one tip named alone, and for every tip at every location or at one; `nil`
    /// for any other call (several tips named, one named at a location), whose reply is marshalled for it alone, and for
    /// a location no tip is shown at, which the read refuses.
    private static func keptReplyKey(_ ids: [String], location: String, languages: [LanguageName]) -> KeptReplyKey? {
        let selection: KeptReplyKey.Selection
        if ids.count == 1, location.isEmpty {
            selection = .tip(TipID(rawValue: ids[0]))
        } else if ids.isEmpty {
            do throws(TipsError) {
                selection = try TipLocation.filter(parsing: location).map(KeptReplyKey.Selection.location) ?? .all
            } catch {
                return nil
            }
        } else {
            return nil
        }
        return KeptReplyKey(selection: selection, languages: languages.map(\.text))
    }

    /// The tip's dictionary as `snapshot` shows it, in words of `languages`.
    func tip(of snapshot: TipSnapshot, languages: [LanguageName]) -> Tips1.Tip {
        TipDictionary.tip(snapshot, words: words(of: snapshot.tip, languages: languages))
    }

    /// Whether every snapshot of the durable engine made in this generation since its next time-driven change was
    /// first asked for still holds at `now`: that change (a local midnight, the end of the display window) is later,
    /// or there is none. Asked for before a snapshot is made, so that the snapshot is of the same span of time.
    func snapshotsHold(at now: Instant) -> Bool {
        nextTimeDrivenChange().map { now < $0 } ?? true
    }

    /// The durable engine's next time-driven change, found once a generation.
    func nextTimeDrivenChange() -> Instant? {
        if let known = snapshotsHoldUntil, known.generation == durableGeneration { return known.until }
        let until = durable.nextTimeDrivenChange()
        snapshotsHoldUntil = (durableGeneration, until)
        return until
    }

    static func marshal<Prepared>(_ make: () throws(DBusError) -> Prepared) throws(DBusMethodError)
        -> Prepared
    {
        do { return try make() } catch { throw .failed("Cannot build the reply: \(error)") }
    }
}
