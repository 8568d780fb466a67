/// What a figure is held to: a budget of docs/BENCHMARKS.md.
enum Budget {
    /// This build's value is at most this many times its floor's, the C service's same figure.
    case ratioAtMost(Double)
    /// The value is at most this many milliseconds or MiB, its unit.
    case atMost(Int)
    /// No wake-up at all.
    case zero
    /// Every call answered.
    case allAnswered

    /// The budget of a figure in `unit`, as the table prints it, such as `≤ 1.1 × C`.
    func text(_ unit: Quantity.Unit) -> String {
        switch self {
        case .ratioAtMost(let bound): "≤ \(bound) × C"
        case .atMost(let bound): "≤ \(bound) " + (unit == .milliseconds ? "ms" : "MiB")
        case .zero: "0"
        case .allAnswered: "all answered"
        }
    }

    /// Whether a figure meets the budget; `false` when the ratio it needs is missing.
    func isMet(_ figure: Quantity, ratio: Double?) -> Bool {
        switch self {
        case .ratioAtMost(let bound): ratio.map { $0 <= bound } ?? false
        case .atMost(let bound): figure.value <= Double(bound)
        case .zero: figure.value == 0
        case .allAnswered:
            if case .answered(let sent) = figure.unit { figure.value == Double(sent) } else { false }
        }
    }
}
