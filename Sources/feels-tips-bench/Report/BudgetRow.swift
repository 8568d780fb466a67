import Foundation

/// One line of the table: a figure of this build, of the baseline and of its floor, measured in the same run, and the
/// budget it is held to (none for a figure printed for context).
struct BudgetRow {
    /// What was measured, such as `GetTips one tip, median`.
    let what: String
    /// This build's value; `nil` when not measured.
    var build: Quantity?
    /// The baseline's value, when one is measured.
    var baseline: Quantity?
    /// The floor's: the C service's same figure, or what the table's notes say for that row.
    var floor: Quantity?
    /// The budget, or `nil` for context.
    var budget: Budget?

    /// This build's value over its floor's, for times and memory.
    var ratio: Double? {
        guard let build, let floor, build.isRatioed, floor.value > 0 else { return nil }
        return build.value / floor.value
    }

    /// Whether this build meets the budget; `nil` when there is none or nothing was measured.
    var met: Bool? {
        guard let budget, let build else { return nil }
        return budget.isMet(build, ratio: ratio)
    }

    /// The row's cells, in the table's columns.
    var cells: [String] {
        [
            what, build?.text ?? "", baseline?.text ?? "", floor?.text ?? "",
            ratio.map { String(format: "%.2f", $0) } ?? "", budget?.text(build?.unit ?? .count) ?? "context",
            met.map { $0 ? "yes" : "NO" } ?? (budget == nil ? "" : "n/a"),
        ]
    }
}
