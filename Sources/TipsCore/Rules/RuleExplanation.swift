/// One rule of a tip, with the value it was checked against and whether it held.
public struct RuleExplanation: Hashable, Sendable {
    /// The rule.
    public let rule: Rule
    /// The parameter's value when the rule was checked.
    public let value: ParameterValue
    /// Whether the rule held.
    public let isSatisfied: Bool

    /// Checks `rule` against `values`.
    public init(rule: Rule, values: ParameterValues) {
        self.rule = rule
        self.value = values[rule.parameter]
        self.isSatisfied = rule.isSatisfied(by: values)
    }
}
