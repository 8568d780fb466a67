/// A tip as it stands at one instant: its catalog entry, record, status and the reasons for it.
public struct TipSnapshot: Hashable, Sendable {
    /// The catalog entry.
    public let tip: Tip
    /// What the engine remembers of the tip.
    public let record: TipRecord
    /// The tip's status, as a testing override makes it when one applies to the tip.
    public let status: TipStatus
    /// Every rule with the value it was checked against.
    public let rules: [RuleExplanation]
    /// What holds the tip back although its rules hold; `nil` when nothing does.
    public let hold: DisplayHold?
    /// The testing override that decides the tip's status; `nil` when its rules decide.
    public let override: TipOverride?

    /// Whether the tip should show now, as TipKit's `Tip.shouldDisplay` says.
    public var shouldDisplay: Bool {
        status == .available && hold == nil
    }

    /// One sentence that says why the tip is, or is not, shown.
    public var explanation: String {
        switch (override, status) {
        case (.shown?, _):
            return "Shown by a testing switch; its rules and the display window are not applied."
        case (.hidden?, _):
            return "Hidden by the hide-all testing switch."
        case (nil, .invalidated(let reason)):
            return "Invalidated (\(reason.spelling)); it returns only after ResetAllTips."
        case (nil, .pending):
            let waiting = rules.filter { !$0.isSatisfied }.map { "\($0.rule.text) (now \($0.value))" }
            return "Waiting for " + waiting.joined(separator: " and ") + "."
        case (nil, .available):
            switch hold {
            case .displayWindow(let until)?:
                return "Ready, but another tip appeared recently: new tips wait until \(until.iso8601)."
            case .notification?:
                return "On screen as a desktop notification; apps show it once the notification is closed."
            case nil:
                break
            }
            if record.displayCount > 0 {
                return "Shown \(record.displayCount) time\(record.displayCount == 1 ? "" : "s"); still available."
            }
            return rules.isEmpty ? "Always eligible; ready to show." : "Every rule holds; ready to show."
        }
    }
}
