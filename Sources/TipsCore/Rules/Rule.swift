/// A condition on one parameter that must hold for a tip to be eligible.
public struct Rule: Hashable, Sendable {
    /// How a rule compares the parameter's value with its threshold.
    public enum Comparison: String, Hashable, Sendable {
        /// The value is at least the threshold (`>=`).
        case atLeast = ">="
        /// The value equals the threshold (`==`).
        case equals = "=="
    }

    /// The parameter the rule tests.
    public let parameter: TipParameter
    /// How the value is compared.
    public let comparison: Comparison
    /// The value compared with.
    public let threshold: ParameterValue

    /// A rule that holds when a count reaches `threshold`.
    public init(_ parameter: TipParameter, atLeast threshold: Int) {
        self.parameter = parameter
        self.comparison = .atLeast
        self.threshold = .integer(threshold)
    }

    /// A rule that holds when a flag is `value`.
    public init(_ parameter: TipParameter, is value: Bool) {
        self.parameter = parameter
        self.comparison = .equals
        self.threshold = .boolean(value)
    }

    /// Whether the rule holds for `values`.
    public func isSatisfied(by values: ParameterValues) -> Bool {
        switch (comparison, values[parameter], threshold) {
        case (.atLeast, .integer(let value), .integer(let minimum)): value >= minimum
        case (.equals, let value, let expected): value == expected
        // A count compared "at least" with a flag cannot be built by the initializers above.
        case (.atLeast, _, _): false
        }
    }

    /// How the rule reads, its parameter spelled as replies spell it: `mood-log-count >= 3`.
    public var text: String {
        "\(parameter.spelling) \(comparison.rawValue) \(threshold)"
    }
}
