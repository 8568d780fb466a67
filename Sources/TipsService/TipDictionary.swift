import DBus
import TipsCore

/// How tips, rules and parameter values look on D-Bus.
enum TipDictionary {
    /// A tip as an `a{sv}` dictionary: its words, artwork, status, display history, rules and what holds it back.
    static func value(of snapshot: TipSnapshot) -> DBusValue {
        let tip = snapshot.tip
        let record = snapshot.record
        return .vardict([
            ("id", .string(tip.id.rawValue)),
            ("title", .string(tip.title)),
            ("message", .string(tip.message)),
            ("icon", .string(tip.icon)),
            ("symbol", .string(tip.symbol)),
            ("location", .string(tip.location.rawValue)),
            ("status", .string(snapshot.status.name)),
            ("invalidation_reason", .string(snapshot.status.invalidationReason?.rawValue ?? "")),
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
}
