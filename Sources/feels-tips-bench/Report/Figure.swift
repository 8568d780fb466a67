import Foundation

/// One line of the summary: a measured value, its ratio to what it is compared with in the same run, and the
/// target it is held to, if any.
struct Figure {
    /// What was measured, such as `GetTips median, one tip`.
    let name: String
    /// The value in `unit`.
    let value: Double
    /// The value's unit, such as `µs`, `calls/s`, `ms`, `MiB`.
    let unit: String
    /// The value over `base`'s, from the same run; `nil` when the figure is not a ratio.
    let ratio: Double?
    /// What the ratio is to, such as `Ping`.
    let base: String
    /// What the figure is held to; `nil` for context.
    let target: Target?
    /// How far it may move the wrong way in an A/B and count as no worse, when that is not its unit's
    /// (``tolerance``): a figure two copies of one build measure further apart than that.
    let spread: Double?

    /// A figure; `ratio` and `target` are optional.
    init(
        _ name: String, _ value: Double, _ unit: String, ratio: Double? = nil, to base: String = "",
        target: Target? = nil, spread: Double? = nil
    ) {
        self.name = name
        self.value = value
        self.unit = unit
        self.ratio = ratio
        self.base = base
        self.target = target
        self.spread = spread
    }

    /// Whether the target is met; `nil` when there is none.
    var met: Bool? {
        target?.isMet(value: value, ratio: ratio)
    }

    /// The value with its unit, to a sensible precision.
    var valueText: String {
        let digits: Int
        switch abs(value) {
        case 0: digits = 0
        case ..<10: digits = 2
        case ..<1000: digits = 1
        default: digits = 0
        }
        return String(format: "%.\(digits)f", value) + (unit.isEmpty ? "" : " \(unit)")
    }

    /// The ratio and what it is to, such as `1.21 × Ping`; empty when there is no ratio.
    var ratioText: String {
        guard let ratio else { return "" }
        let digits = ratio >= 100 ? 0 : 2
        return String(format: "%.\(digits)f", ratio) + " × \(base)"
    }

    /// The target as printed; empty when there is none.
    var targetText: String {
        target?.description(base: base, unit: unit) ?? ""
    }

    /// `yes`, `NO`, or empty when there is no target.
    var metText: String {
        switch met {
        case true?: "yes"
        case false?: "NO"
        case nil: ""
        }
    }
}
