import DBus
import TipsInterface

extension Tips1.Tip {
    /// The status as the `tips` table shows it: `invalidated (tip-closed)`, `available (shown for testing)`.
    var statusText: String {
        var text = status
        if !invalidationReason.isEmpty { text += " (\(invalidationReason))" }
        if !`override`.isEmpty { text += " (\(`override`) for testing)" }
        return text
    }
}

extension Tips1.Rule {
    /// `mood-log-count >= 3`.
    var text: String {
        "\(parameter) \(`operator`) \(ValueText.plain(threshold))"
    }

    /// The parameter's value now, as text.
    var valueText: String {
        ValueText.plain(value)
    }
}
