import DBus
import TipsCore

/// A tip's dictionary in one locale as last built, the snapshot it shows, and its reply once marshalled.
struct PreparedTip {
    let snapshot: TipSnapshot
    let value: DBusValue
    var body: DBusReplyBody?
}

/// The `ListTips` reply in one locale as last marshalled, and the snapshots it shows.
struct PreparedTipList {
    let snapshots: [TipSnapshot]
    let body: DBusReplyBody
}

/// A tip in a locale.
struct DictionaryKey: Hashable {
    let id: TipID
    let locale: String
}

// The tips' dictionaries are most of what the service sends, and libdbus marshals an a{sv} at several times the cost of
// copying it: each is built and marshalled again only when the tip it shows changed (a snapshot compares every field a
// dictionary carries, the clock's effects included), and every call between is answered with a copy.
extension TipsObject {
    /// A caller naming ever new locales must not grow the caches without bound: sixteen locales' worth is kept.
    private static let localesKept = 16

    /// `GetTip`'s and `GetLocalizedTip`'s reply: the tip's dictionary in `locale` (the service's own when empty).
    ///
    /// - Throws: `UnknownTip` for an id no tip has.
    func tipReply(_ id: String, locale: String = "") throws(DBusMethodError) -> DBusReplyBody {
        let snapshot = try read { engine throws(TipsError) in try engine.snapshot(of: TipID(rawValue: id)) }
        let key = DictionaryKey(id: snapshot.tip.id, locale: locale)
        var prepared = prepare(snapshot, locale: locale)
        if let body = prepared.body { return body }
        let body = try Self.marshal([prepared.value])
        prepared.body = body
        keep(prepared, at: key)
        return body
    }

    /// `ListTips`' and `ListLocalizedTips`' reply: every tip's dictionary in `locale`, in catalog order.
    func tipListReply(locale: String = "") throws(DBusMethodError) -> DBusReplyBody {
        let snapshots = durable.snapshots()
        if let list = tipLists[locale], list.snapshots == snapshots { return list.body }
        let body = try Self.marshal([
            .array(TipDictionary.tipSignature, snapshots.map { prepare($0, locale: locale).value })
        ])
        if tipLists[locale] != nil || tipLists.count < Self.localesKept {
            tipLists[locale] = PreparedTipList(snapshots: snapshots, body: body)
        }
        return body
    }

    /// The tip's dictionary for `snapshot`, built again only when the snapshot changed, and kept.
    private func prepare(_ snapshot: TipSnapshot, locale: String) -> PreparedTip {
        let key = DictionaryKey(id: snapshot.tip.id, locale: locale)
        if let cached = dictionaries[key], cached.snapshot == snapshot {
            return cached
        }
        let prepared = PreparedTip(
            snapshot: snapshot,
            value: TipDictionary.value(of: snapshot, words: words(of: snapshot.tip, locale: locale)),
            body: nil)
        keep(prepared, at: key)
        return prepared
    }

    private func keep(_ prepared: PreparedTip, at key: DictionaryKey) {
        if dictionaries[key] != nil || dictionaries.count < Self.localesKept * durable.catalog.count {
            dictionaries[key] = prepared
        }
    }

    private static func marshal(_ values: [DBusValue]) throws(DBusMethodError) -> DBusReplyBody {
        do { return try DBusReplyBody(values) } catch { throw .failed("Cannot build the reply: \(error)") }
    }
}
