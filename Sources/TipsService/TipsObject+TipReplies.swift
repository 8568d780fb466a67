import DBus
import FeelsSystem
import TipsCore
import TipsInterface

/// A tip's dictionary in one list of languages as last built, the snapshot it shows, and the replies marshalled from
/// it so far.
struct PreparedTip {
    let snapshot: TipSnapshot
    let tip: Tips1.Tip
    /// `GetTips` of this tip alone.
    var alone: Tips1.GetTipsPrepared?
    /// `PresentTip` of this tip answering shown false, then shown true: a present that records nothing (the tip not
    /// shown, or `record` false) leaves the tip as it was, so the next one answers the same.
    var presented: [Tips1.PresentTipPrepared?] = [nil, nil]
    /// The dictionary marshalled once, for every `GetTips` reply that lists it.
    var marshalled: Tips1.Tip.Marshalled?
}

/// `GetTips` of every tip, or of every tip at one location, as last marshalled, and the snapshots it shows.
struct PreparedTipList {
    let snapshots: [TipSnapshot]
    let prepared: Tips1.GetTipsPrepared
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

// The tips' dictionaries are most of what the service sends, and libdbus marshals an a{sv} at several times the cost of
// copying it: each is built and marshalled again only when the tip it shows changed (a snapshot compares every field a
// dictionary carries, the clock's effects and a notification's hold included), and every call between is answered
// with a copy of the reply kept.
extension TipsObject {
    /// A caller naming ever new lists of languages must not grow the caches without bound: sixteen lists' worth is
    /// kept (each list of languages a call names is cut to sixteen names first).
    private static let languageListsKept = 16

    /// `GetTips`' reply: the tips `ids` name (every tip, in catalog order, when empty) at `location` (`''` for every
    /// location), in words of `languages`.
    ///
    /// - Throws: `UnknownTip` for an id no tip has, `UnknownLocation` for a location no tip is shown at.
    func tipsReply(_ ids: [String], location: String, languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.GetTipsPrepared
    {
        let (filter, snapshots) = try read { engine throws(TipsError) -> (TipLocation?, [TipSnapshot]) in
            let filter = try TipLocation.filter(parsing: location)
            let all =
                ids.isEmpty
                ? engine.snapshots()
                : try ids.map { id throws(TipsError) in try engine.snapshot(of: TipID(rawValue: id)) }
            return (filter, all.filter { filter == nil || $0.tip.location == filter })
        }
        let names = languages.map(\.text)
        if ids.count == 1, snapshots.count == 1 {
            var (prepared, tip) = try marshalled(snapshots[0], languages: languages)
            if let alone = prepared.alone { return alone }
            let alone = try Self.marshal { () throws(DBusError) in try Tips1.GetTipsPrepared(tips: [tip]) }
            prepared.alone = alone
            keep(prepared, at: DictionaryKey(id: prepared.snapshot.tip.id, languages: names))
            return alone
        }
        // A list places each tip as marshalled for the last reply that had it: after a write, only the tips it
        // changed are marshalled again.
        var tips: [Tips1.Tip.Marshalled] = []
        tips.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            tips.append(try marshalled(snapshot, languages: languages).tip)
        }
        guard ids.isEmpty else {
            // Several tips named one by one: a list of its own, for this call alone.
            return try Self.marshal { () throws(DBusError) in try Tips1.GetTipsPrepared(tips: tips) }
        }
        let key = TipListKey(location: filter, languages: names)
        if let list = tipLists[key], list.snapshots == snapshots { return list.prepared }
        let prepared = try Self.marshal { () throws(DBusError) in try Tips1.GetTipsPrepared(tips: tips) }
        // One list for every location and one for each, in each list of languages kept.
        if tipLists[key] != nil || tipLists.count < Self.languageListsKept * (TipLocation.allCases.count + 1) {
            tipLists[key] = PreparedTipList(snapshots: snapshots, prepared: prepared)
        }
        return prepared
    }

    /// `PresentTip`'s reply once its write is durable: whether the tip is shown, and the tip as `snapshot` shows it,
    /// in words of `languages`.
    func presentReply(shown: Bool, _ snapshot: TipSnapshot, languages: [LanguageName]) throws(DBusMethodError)
        -> Tips1.PresentTipPrepared
    {
        var prepared = prepare(snapshot, languages: languages)
        let index = shown ? 1 : 0
        if let kept = prepared.presented[index] { return kept }
        let reply = try Self.marshal { () throws(DBusError) in
            try Tips1.PresentTipPrepared(shown: shown, tip: prepared.tip)
        }
        prepared.presented[index] = reply
        keep(prepared, at: DictionaryKey(id: snapshot.tip.id, languages: languages.map(\.text)))
        return reply
    }

    /// The tip's dictionary in words of `languages`, reused while the tip's snapshot is unchanged.
    func tip(of snapshot: TipSnapshot, languages: [LanguageName]) -> Tips1.Tip {
        prepare(snapshot, languages: languages).tip
    }

    /// The tip as `prepare(_:languages:)` gives it, with its dictionary marshalled (once, and kept).
    private func marshalled(_ snapshot: TipSnapshot, languages: [LanguageName]) throws(DBusMethodError)
        -> (prepared: PreparedTip, tip: Tips1.Tip.Marshalled)
    {
        var prepared = prepare(snapshot, languages: languages)
        if let kept = prepared.marshalled { return (prepared, kept) }
        let tip = prepared.tip
        let marshalled = try Self.marshal { () throws(DBusError) in try tip.marshalled() }
        prepared.marshalled = marshalled
        keep(prepared, at: DictionaryKey(id: snapshot.tip.id, languages: languages.map(\.text)))
        return (prepared, marshalled)
    }

    /// The tip's dictionary for `snapshot`, built again only when the snapshot changed, and kept.
    private func prepare(_ snapshot: TipSnapshot, languages: [LanguageName]) -> PreparedTip {
        let key = DictionaryKey(id: snapshot.tip.id, languages: languages.map(\.text))
        if let cached = dictionaries[key], cached.snapshot == snapshot {
            return cached
        }
        let prepared = PreparedTip(
            snapshot: snapshot, tip: TipDictionary.tip(snapshot, words: words(of: snapshot.tip, languages: languages)))
        keep(prepared, at: key)
        return prepared
    }

    private func keep(_ prepared: PreparedTip, at key: DictionaryKey) {
        if dictionaries[key] != nil || dictionaries.count < Self.languageListsKept * durable.catalog.count {
            dictionaries[key] = prepared
        }
    }

    private static func marshal<Prepared>(_ make: () throws(DBusError) -> Prepared) throws(DBusMethodError)
        -> Prepared
    {
        do { return try make() } catch { throw .failed("Cannot build the reply: \(error)") }
    }
}
