import DBus
import TipsCore
import TipsInterface

/// How the engine's tips, rules, changes and moods become the contract's dictionaries (`Tips1.Tip`, `Tips1.Rule`,
/// `Tips1.TipChanges`): the one place that spells the engine's values on the bus.
enum TipDictionary {
    /// A tip in words of one language.
    static func tip(_ snapshot: TipSnapshot, words: TipWords) -> Tips1.Tip {
        let tip = snapshot.tip
        let record = snapshot.record
        return Tips1.Tip(
            id: tip.id.rawValue, location: tip.location.rawValue, title: words.title, message: words.message,
            notificationTitle: words.notificationTitle, notificationBody: words.notificationBody,
            language: words.language, iconNames: tip.iconNames, symbol: tip.symbol, status: snapshot.status.name,
            invalidationReason: snapshot.status.invalidationReason.map(\.spelling) ?? "",
            shouldDisplay: snapshot.shouldDisplay, override: snapshot.override?.rawValue ?? "",
            displayCount: UInt32(clamping: record.displayCount),
            firstDisplayed: record.firstDisplayed?.microsecondsSinceEpoch ?? 0,
            lastDisplayed: record.lastDisplayed?.microsecondsSinceEpoch ?? 0,
            notifiedAt: record.notified?.microsecondsSinceEpoch ?? 0,
            maxDisplayCount: UInt32(clamping: tip.options.maxDisplayCount ?? 0),
            ignoresDisplayFrequency: tip.options.ignoresDisplayFrequency, rules: snapshot.rules.map(rule),
            heldBackBy: snapshot.hold?.name ?? "", heldUntil: snapshot.hold?.until?.microsecondsSinceEpoch ?? 0,
            explanation: snapshot.explanation)
    }

    /// A rule and how it stands.
    static func rule(_ rule: RuleExplanation) -> Tips1.Rule {
        Tips1.Rule(
            parameter: rule.rule.parameter.spelling, operator: rule.rule.comparison.rawValue,
            threshold: value(of: rule.rule.threshold), value: value(of: rule.value), satisfied: rule.isSatisfied)
    }

    /// A parameter's value: counts are `u`, flags `b`, as the properties are.
    static func value(of parameter: ParameterValue) -> DBusValue {
        switch parameter {
        case .integer(let count): .uint32(UInt32(clamping: count))
        case .boolean(let flag): .boolean(flag)
        }
    }

    /// What `TipChanged` carries for one tip: the keys that changed, the invalidation reason with the status.
    static func changes(of change: TipChange) -> Tips1.TipChanges {
        Tips1.TipChanges(
            status: change.statusChanged ? change.tip.status.name : nil,
            invalidationReason: change.statusChanged
                ? change.tip.status.invalidationReason.map(\.spelling) ?? "" : nil,
            shouldDisplay: change.shouldDisplayChanged ? change.tip.shouldDisplay : nil,
            override: change.overrideChanged ? change.tip.override?.rawValue ?? "" : nil,
            notifiedAt: change.notifiedChanged ? change.tip.notified?.microsecondsSinceEpoch ?? 0 : nil)
    }

    /// The signature of one exported mood: logged at (µs since the epoch), mood, UTC offset in seconds.
    static let moodSignature: DBusSignature = "(xsi)"

    /// One mood of the journal as `(xsi)`.
    static func value(of entry: MoodEntry) -> DBusValue {
        .structure([
            .int64(entry.loggedAt.microsecondsSinceEpoch), .string(entry.mood.rawValue),
            .int32(Int32(clamping: entry.utcOffset)),
        ])
    }
}

/// A tip's words in one language: for apps, and for its desktop notification.
struct TipWords: Hashable {
    /// The title.
    var title: String
    /// The message.
    var message: String
    /// The desktop notification's title.
    var notificationTitle: String
    /// The desktop notification's body.
    var notificationBody: String
    /// The language as the caller named it; `""` for the seed's English.
    var language: String
}
