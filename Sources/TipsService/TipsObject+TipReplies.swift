import DBus
import FeelsSystem
import TipsCore
import TipsInterface

/// A tip's dictionary in one list of languages as last built, the snapshot it shows, and the replies marshalled from
/// it so far.
struct PreparedTip {
    /// What the replies are made from, shared by every copy: a copy of a tip kept (out of the cache) is then a
    /// handful of references rather than every string and array of the snapshot and the dictionary, which
    /// every write read between would otherwise copy and destroy.
    private let source: Source
    /// `GetTips` of this tip alone.
    var alone: Tips1.GetTipsPrepared?
    /// `PresentTip` of this tip answering shown false: a present that records nothing (the tip not shown, or
    /// `record` false) leaves the tip as it was, so the next one answers the same.
    var presentedHidden: Tips1.PresentTipPrepared?
    /// `PresentTip` of this tip answering shown true, kept likewise.
    var presentedShown: Tips1.PresentTipPrepared?
    /// `PresentNextTip` choosing this tip, which it answers shown.
    var presentedNext: Tips1.PresentNextTipPrepared?
    /// The dictionary encoded once, for every `GetTips` reply that lists it.
    var encoded: Tips1.Tip.Encoded?
    /// The generation of the durable engine in which `snapshot` was last found to be the tip as the engine shows it:
    /// in that generation, and before the engine's next time-driven change, `alone` answers without the tip's
    /// snapshot being made again to compare.
    var checkedIn: UInt64?

    /// The snapshot, the languages and the dictionary, fixed once made.
    private final class Source {
        let snapshot: TipSnapshot
        let languages: [LanguageName]
        let tip: Tips1.Tip

        init(snapshot: TipSnapshot, languages: [LanguageName], tip: Tips1.Tip) {
            self.snapshot = snapshot
            self.languages = languages
            self.tip = tip
        }
    }

    init(snapshot: TipSnapshot, languages: [LanguageName], tip: Tips1.Tip) {
        source = Source(snapshot: snapshot, languages: languages, tip: tip)
    }

    /// The snapshot the dictionary shows.
    var snapshot: TipSnapshot { source.snapshot }
    /// The languages its words are in.
    var languages: [LanguageName] { source.languages }
    /// The dictionary.
    var tip: Tips1.Tip { source.tip }
}

/// `GetTips` of every tip, or of every tip at one location, as last marshalled, and the snapshots it shows.
struct PreparedTipList {
    let snapshots: [TipSnapshot]
    let languages: [LanguageName]
    let prepared: Tips1.GetTipsPrepared
    /// As `PreparedTip.checkedIn`, for ``TipsObject/keptList(location:languages:at:)``.
    var checkedIn: UInt64?
}

/// A tip in a list of languages.
struct DictionaryKey: Hashable {
    let id: TipID
    let languages: [String]
}

/// Every tip (`location` nil) or every tip at one location, in a list of languages.
struct TipListKey: Hashable {
    let location: TipLocation?
    let languages: [String]
}

// The tips' dictionaries are most of what the service sends, and marshalling an a{sv} costs several times copying it:
// each is built and marshalled again only when the tip it shows changed (a snapshot compares every field a
// dictionary carries, the clock's effects and a notification's hold included), and every call between is answered
// with a copy of the reply kept.
extension TipsObject {
    /// A caller naming ever new lists of languages must not grow the caches without bound: sixteen lists' worth is
    /// kept (each list of languages a call names is cut to sixteen names first).
    static let languageListsKept = 16

    /// `GetTips`' reply: the tips `ids` name (every tip, in catalog order, when empty) at `location` (`''` for every
    /// location), in words of `languages`.
    ///
    /// - Throws: `UnknownTip` for an id no tip has, `UnknownLocation` for a location no tip is shown at.
    func tipsReply(_ ids: [String], location: String, languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.GetTipsPrepared
    {
        let now = durable.now
        if ids.count == 1, location.isEmpty,
            let kept = keptAlone(TipID(rawValue: ids[0]), languages: languages, at: now)
        {
            return kept
        }
        if ids.isEmpty, let kept = keptList(location: location, languages: languages, at: now) {
            return kept
        }
        // Known before the snapshots are made, so that a reply checked against them holds no later than it; only a
        // tip read on its own and a list are marked checked.
        let holds = (ids.count == 1 || ids.isEmpty) && snapshotsHold(at: now)
        let (filter, snapshots) = try read { engine throws(TipsError) -> (TipLocation?, [TipSnapshot]) in
            let filter = try TipLocation.filter(parsing: location)
            let all =
                ids.isEmpty
                ? engine.snapshots()
                : try ids.map { id throws(TipsError) in try engine.snapshot(of: TipID(rawValue: id)) }
            return (filter, all.filter { filter == nil || $0.tip.location == filter })
        }
        if ids.count == 1, snapshots.count == 1 {
            return try withPrepared(snapshots[0], languages: languages, current: holds, Self.alone)
        }
        guard ids.isEmpty else {
            // Several tips named one by one: a list of its own, for this call alone.
            return try list(of: snapshots, languages: languages)
        }
        let key = TipListKey(location: filter, languages: languages.map(\.text))
        let checkedIn = holds ? durableGeneration : nil
        if let index = tipLists.index(forKey: key), tipLists.values[index].snapshots == snapshots {
            tipLists.values[index].checkedIn = checkedIn
            return tipLists.values[index].prepared
        }
        let prepared = try list(of: snapshots, languages: languages)
        // One list for every location and one for each, in each list of languages kept.
        if tipLists[key] != nil || tipLists.count < Self.languageListsKept * (TipLocation.allCases.count + 1) {
            tipLists[key] = PreparedTipList(
                snapshots: snapshots, languages: languages, prepared: prepared, checkedIn: checkedIn)
        }
        return prepared
    }

    /// A list places each tip as encoded for the last reply that had it: after a write, only the tips it changed
    /// are encoded again.
    private func list(of snapshots: [TipSnapshot], languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.GetTipsPrepared
    {
        var tips: [Tips1.Tip.Encoded] = []
        tips.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            tips.append(withPrepared(snapshot, languages: languages, Self.encoded))
        }
        return try Self.marshal { () throws(DBusError) in try Tips1.GetTipsPrepared(tips: tips) }
    }

    /// `PresentTip`'s reply once its write is durable: whether the tip is shown, and the tip as `snapshot` shows it,
    /// in words of `languages`.
    func presentReply(shown: Bool, _ snapshot: TipSnapshot, languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.PresentTipPrepared
    {
        try withPrepared(snapshot, languages: languages) { prepared throws(DBusMethodError) in
            try Self.presented(&prepared, shown: shown)
        }
    }

    /// `PresentNextTip`'s reply once its write is durable: the tip `snapshot` shows, in words of `languages`, shown; or
    /// none, not shown.
    func presentNextReply(_ snapshot: TipSnapshot?, languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.PresentNextTipPrepared
    {
        guard let snapshot else {
            if let kept = nothingPresented { return kept }
            let reply = try Self.marshal { () throws(DBusError) in
                try Tips1.PresentNextTipPrepared(shown: false, tip: nil)
            }
            nothingPresented = reply
            return reply
        }
        return try withPrepared(snapshot, languages: languages) { prepared throws(DBusMethodError) in
            if let kept = prepared.presentedNext { return kept }
            let tip = prepared.tip
            let reply = try Self.marshal { () throws(DBusError) in
                try Tips1.PresentNextTipPrepared(shown: true, tip: tip)
            }
            prepared.presentedNext = reply
            return reply
        }
    }

    /// The tip's dictionary in words of `languages`, reused while the tip's snapshot is unchanged.
    func tip(of snapshot: TipSnapshot, languages: [LanguageName]) -> Tips1.Tip {
        withPrepared(snapshot, languages: languages) { prepared in prepared.tip }
    }

    /// The tip's dictionary encoded (once, and kept in `prepared`).
    static func encoded(_ prepared: inout PreparedTip) -> Tips1.Tip.Encoded {
        if let kept = prepared.encoded { return kept }
        let encoded = Tips1.Tip.Encoded(prepared.tip)
        prepared.encoded = encoded
        return encoded
    }

    /// `GetTips` of the tip alone (once, and kept in `prepared`).
    static func alone(_ prepared: inout PreparedTip) throws(DBusMethodError) -> Tips1.GetTipsPrepared {
        if let kept = prepared.alone { return kept }
        let tip = encoded(&prepared)
        let alone = try marshal { () throws(DBusError) in try Tips1.GetTipsPrepared(tips: [tip]) }
        prepared.alone = alone
        return alone
    }

    /// `PresentTip` of the tip answering `shown` (once, and kept in `prepared`).
    private static func presented(_ prepared: inout PreparedTip, shown: Bool) throws(DBusMethodError)
        -> Tips1.PresentTipPrepared
    {
        if let kept = shown ? prepared.presentedShown : prepared.presentedHidden { return kept }
        let tip = prepared.tip
        let reply = try marshal { () throws(DBusError) in try Tips1.PresentTipPrepared(shown: shown, tip: tip) }
        if shown {
            prepared.presentedShown = reply
        } else {
            prepared.presentedHidden = reply
        }
        return reply
    }

    /// `GetTips` of the tip alone in `languages` as kept, when nothing can have changed it since it was last checked:
    /// the durable engine is in the same generation and its next time-driven change has not come. A one-tip read then
    /// makes no snapshot of the tip (its rules, status and hold, the day in the time zone) to compare with the kept one.
    private func keptAlone(_ id: TipID, languages: [LanguageName], at now: Instant) -> Tips1.GetTipsPrepared? {
        guard let index = dictionaries.index(forKey: DictionaryKey(id: id, languages: languages.map(\.text))),
            dictionaries.values[index].checkedIn == durableGeneration, let kept = dictionaries.values[index].alone,
            snapshotsHold(at: now)
        else { return nil }
        return kept
    }

    /// `GetTips` of every tip (at `location`, when it names one) in `languages` as kept, when nothing can have changed
    /// it since it was last checked, as ``keptAlone(_:languages:at:)`` answers one tip: no snapshot of the seven tips
    /// is made to compare. A location no tip is shown at is left to the read, which refuses it.
    private func keptList(location: String, languages: [LanguageName], at now: Instant) -> Tips1.GetTipsPrepared? {
        let filter: TipLocation?
        do throws(TipsError) { filter = try TipLocation.filter(parsing: location) } catch { return nil }
        guard let index = tipLists.index(forKey: TipListKey(location: filter, languages: languages.map(\.text))),
            tipLists.values[index].checkedIn == durableGeneration, snapshotsHold(at: now)
        else { return nil }
        return tipLists.values[index].prepared
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

    /// Runs `body` on the tip as last prepared for `snapshot` in `languages`, built again when the snapshot changed,
    /// and keeps what `body` adds to it: one lookup of the cache for the whole reply.
    ///
    /// `current` says that `snapshot` is the durable engine's, made in this generation after ``snapshotsHold(at:)``
    /// and holding then: the tip is then marked checked, for ``keptAlone(_:languages:at:)``.
    private func withPrepared<Result, Failure: Error>(
        _ snapshot: TipSnapshot, languages: [LanguageName], current: Bool = false,
        _ body: (inout PreparedTip) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let key = DictionaryKey(id: snapshot.tip.id, languages: languages.map(\.text))
        if let index = dictionaries.index(forKey: key) {
            if dictionaries.values[index].snapshot != snapshot {
                dictionaries.values[index] = prepare(snapshot, languages: languages)
            }
            dictionaries.values[index].checkedIn = current ? durableGeneration : nil
            // In place: nothing `body` reads or writes is in the cache but this tip.
            return try body(&dictionaries.values[index])
        }
        var prepared = prepare(snapshot, languages: languages)
        prepared.checkedIn = current ? durableGeneration : nil
        let result = try body(&prepared)
        if dictionaries.count < Self.languageListsKept * durable.catalog.count {
            dictionaries[key] = prepared
        }
        return result
    }

    /// The tip's dictionary for `snapshot`, built afresh.
    func prepare(_ snapshot: TipSnapshot, languages: [LanguageName]) -> PreparedTip {
        PreparedTip(
            snapshot: snapshot, languages: languages,
            tip: TipDictionary.tip(snapshot, words: words(of: snapshot.tip, languages: languages)))
    }

    static func marshal<Prepared>(_ make: () throws(DBusError) -> Prepared) throws(DBusMethodError)
        -> Prepared
    {
        do { return try make() } catch { throw .failed("Cannot build the reply: \(error)") }
    }
}
