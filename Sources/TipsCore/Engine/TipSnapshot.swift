import Foundation

/// A tip as it stands at one instant: its catalog entry, record, status and the reasons for it.
public struct TipSnapshot: Hashable, Sendable {
    /// The catalog entry.
    public let tip: Tip
    /// What the engine remembers of the tip.
    public let record: TipRecord
    /// The tip's status.
    public let status: TipStatus
    /// Every rule with the value it was checked against.
    public let rules: [RuleExplanation]
    /// What holds the tip back although its rules hold; `nil` when nothing does.
    public let hold: DisplayHold?

    /// Creates a snapshot.
    public init(tip: Tip, record: TipRecord, status: TipStatus, rules: [RuleExplanation], hold: DisplayHold?) {
        self.tip = tip
        self.record = record
        self.status = status
        self.rules = rules
        self.hold = hold
    }

    /// One sentence that says why the tip is, or is not, shown.
    public var explanation: String {
        switch status {
        case .invalidated(let reason):
            return "Invalidated (\(reason.rawValue)); it returns only after ResetAllTips."
        case .pending:
            let waiting = rules.filter { !$0.isSatisfied }.map { "\($0.rule.text) (now \($0.value))" }
            return "Waiting for " + waiting.joined(separator: " and ") + "."
        case .available:
            if let hold {
                let until = hold.until.formatted(.iso8601)
                return "Ready, but another tip appeared recently: new tips wait until \(until)."
            }
            if record.displayCount > 0 {
                return "Shown \(record.displayCount) time\(record.displayCount == 1 ? "" : "s"); still available."
            }
            return rules.isEmpty ? "Always eligible; ready to show." : "Every rule holds; ready to show."
        }
    }
}
