import DBus
import TipsCore

/// How tips, rules and parameter values look on D-Bus.
enum TipDictionary {
    /// A tip as an `a{sv}` dictionary: its words (translated), artwork, status, display history, rules, what holds it
    /// back, whether it should show now and any testing override.
    ///
    /// - Parameters:
    ///   - snapshot: The tip as it stands.
    ///   - words: The tip's title and message in the language asked for, and that language's locale name.
    static func value(of snapshot: TipSnapshot, words: TipWords) -> DBusValue {
        let tip = snapshot.tip
        let record = snapshot.record
        return .vardict([
            ("id", .string(tip.id.rawValue)),
            ("title", .string(words.title)),
            ("message", .string(words.message)),
            ("locale", .string(words.locale)),
            ("icon", .string(tip.icon)),
            ("symbol", .string(tip.symbol)),
            ("location", .string(tip.location.rawValue)),
            ("status", .string(snapshot.status.name)),
            ("invalidation_reason", .string(snapshot.status.invalidationReason?.rawValue ?? "")),
            ("should_display", .boolean(snapshot.shouldDisplay)),
            ("override", .string(snapshot.override?.rawValue ?? "")),
            ("display_count", .uint32(UInt32(clamping: record.displayCount))),
            ("first_displayed", .int64(record.firstDisplayed?.microsecondsSinceEpoch ?? 0)),
            ("last_displayed", .int64(record.lastDisplayed?.microsecondsSinceEpoch ?? 0)),
            ("max_display_count", .uint32(UInt32(clamping: tip.options.maxDisplayCount ?? 0))),
            ("ignores_display_frequency", .boolean(tip.options.ignoresDisplayFrequency)),
            ("rules", .array(ruleSignature, snapshot.rules.map(value(of:)))),
            ("held_back_by", .string(snapshot.hold?.name ?? "")),
            ("held_until", .int64(snapshot.hold?.until.microsecondsSinceEpoch ?? 0)),
            ("explanation", .string(snapshot.explanation)),
        ])
    }

    /// The signature of one rule: `a{sv}`.
    static let ruleSignature: DBusSignature = "a{sv}"

    /// The signature of one tip: `a{sv}`.
    static let tipSignature: DBusSignature = "a{sv}"

    /// A rule as an `a{sv}` dictionary.
    static func value(of rule: RuleExplanation) -> DBusValue {
        .vardict([
            ("parameter", .string(rule.rule.parameter.rawValue)),
            ("operator", .string(rule.rule.comparison.rawValue)),
            ("threshold", value(of: rule.rule.threshold)),
            ("value", value(of: rule.value)),
            ("satisfied", .boolean(rule.isSatisfied)),
        ])
    }

    /// A parameter's value: counts are `u`, flags `b`, as the properties are.
    static func value(of parameter: ParameterValue) -> DBusValue {
        switch parameter {
        case .integer(let count): .uint32(UInt32(clamping: count))
        case .boolean(let flag): .boolean(flag)
        }
    }

    /// What `TipChanged` carries for one tip: the keys that changed, and the invalidation reason with the status.
    static func changes(of change: TipChange) -> DBusValue {
        var entries: [(String, DBusValue)] = []
        if change.statusChanged {
            entries.append(("status", .string(change.tip.status.name)))
            entries.append(("invalidation_reason", .string(change.tip.status.invalidationReason?.rawValue ?? "")))
        }
        if change.shouldDisplayChanged {
            entries.append(("should_display", .boolean(change.tip.shouldDisplay)))
        }
        if change.overrideChanged {
            entries.append(("override", .string(change.tip.override?.rawValue ?? "")))
        }
        return .vardict(entries)
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

/// A tip's title and message in one language.
struct TipWords {
    /// The title.
    var title: String
    /// The message.
    var message: String
    /// The locale the words were looked up in: the one asked for, or the service's own when none was.
    var locale: String
}
