import Foundation

/// A measured value with its unit, as the table prints it.
struct Quantity {
    /// How the value is counted: a time or memory in its unit, a count, or calls answered out of so many sent.
    enum Unit: Equatable {
        case microseconds, milliseconds, mebibytes, count
        case answered(of: Int)
    }

    /// The value, in `unit`.
    let value: Double
    /// The unit.
    let unit: Unit

    /// A value in `unit`.
    init(_ value: Double, _ unit: Unit) {
        (self.value, self.unit) = (value, unit)
    }

    /// A duration in `unit`, microseconds or milliseconds.
    init(_ duration: Duration, _ unit: Unit) {
        self.init(duration.microseconds / (unit == .milliseconds ? 1000 : 1), unit)
    }

    /// The value with its unit, such as `123.4 µs` or `500/500`.
    var text: String {
        switch unit {
        case .microseconds: String(format: "%.1f µs", value)
        case .milliseconds: String(format: "%.2f ms", value)
        case .mebibytes: String(format: "%.2f MiB", value)
        case .count: String(Int(value))
        case .answered(let sent): "\(Int(value))/\(sent)"
        }
    }

    /// Whether a ratio of two such values says something: times and memory, not counts.
    var isRatioed: Bool {
        [.microseconds, .milliseconds, .mebibytes].contains(unit)
    }
}
