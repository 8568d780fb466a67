import DBus

/// One rule of a tip: the parameter it tests, how, and whether it holds now.
public struct RuleDetails {
    /// The parameter, such as `moodLogCount`.
    public let parameter: String
    /// `>=` or `==`.
    public let comparison: String
    /// The value compared with, as text: `3`, `true`.
    public let threshold: String
    /// The parameter's value now, as text.
    public let value: String
    /// Whether the rule holds.
    public let isSatisfied: Bool

    /// Reads a rule's `a{sv}` dictionary.
    public init(_ value: DBusValue) {
        let fields = value.vardictValue ?? [:]
        parameter = fields["parameter"]?.stringValue ?? ""
        comparison = fields["operator"]?.stringValue ?? ""
        threshold = fields["threshold"].map(ValueText.plain) ?? ""
        self.value = fields["value"].map(ValueText.plain) ?? ""
        isSatisfied = fields["satisfied"]?.boolValue ?? false
    }

    /// `moodLogCount >= 3`.
    public var text: String {
        "\(parameter) \(comparison) \(threshold)"
    }
}
