/// What a figure is held to: a budget of docs/BENCHMARKS.md.
enum Target {
    /// The ratio is at most this.
    case ratioAtMost(Double)
    /// The ratio is at least this.
    case ratioAtLeast(Double)
    /// The value itself, in the figure's unit, is at most this.
    case valueAtMost(Double)
    /// The value is zero.
    case zero

    /// The target as the table prints it, such as `≤ 1.5 × Ping`.
    ///
    /// - Parameters:
    ///   - base: What the ratio is to, such as `Ping`.
    ///   - unit: The value's unit, such as `ms`.
    func description(base: String, unit: String) -> String {
        switch self {
        case .ratioAtMost(let bound): "≤ \(Self.number(bound)) × \(base)"
        case .ratioAtLeast(let bound): "≥ \(Self.number(bound)) × \(base)"
        case .valueAtMost(let bound): "≤ \(Self.number(bound)) \(unit)"
        case .zero: "0"
        }
    }

    /// Whether a figure with this value and ratio meets the target; `false` when the ratio it needs is missing.
    func isMet(value: Double, ratio: Double?) -> Bool {
        switch self {
        case .ratioAtMost(let bound): ratio.map { $0 <= bound } ?? false
        case .ratioAtLeast(let bound): ratio.map { $0 >= bound } ?? false
        case .valueAtMost(let bound): value <= bound
        case .zero: value == 0
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
