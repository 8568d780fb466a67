import DBus

/// A tip as `GetTip` and `ListTips` give it, read for display; a key the reply lacks reads as empty, zero or false,
/// so that a service of another version still shows what it sends.
public struct TipDetails {
    /// The reply's `a{sv}` dictionary, as it came, for JSON.
    public let value: DBusValue
    private let fields: [String: DBusValue]

    /// Reads a tip's dictionary.
    public init(_ value: DBusValue) {
        self.value = value
        fields = value.vardictValue ?? [:]
    }

    /// `TimeViewTip`.
    public var id: String { string("id") }
    /// The title, in the service's language.
    public var title: String { string("title") }
    /// The message, in the service's language.
    public var message: String { string("message") }
    /// The locale the words are in.
    public var locale: String { string("locale") }
    /// A freedesktop icon name.
    public var icon: String { string("icon") }
    /// The Feels app's SF Symbol.
    public var symbol: String { string("symbol") }
    /// The view the tip belongs to.
    public var location: String { string("location") }
    /// `pending`, `available` or `invalidated`.
    public var status: String { string("status") }
    /// Why it was invalidated, or `""`.
    public var invalidationReason: String { string("invalidation_reason") }
    /// Whether the tip should show now, as `ShouldDisplayTip` says.
    public var shouldDisplay: Bool { fields["should_display"]?.boolValue ?? false }
    /// `shown` or `hidden` by a testing switch, or `""`.
    public var override: String { string("override") }
    /// How many times it was displayed.
    public var displayCount: UInt32 { fields["display_count"]?.uint32Value ?? 0 }
    /// When it was first displayed, in microseconds since the epoch; 0 for never.
    public var firstDisplayed: Int64 { fields["first_displayed"]?.int64Value ?? 0 }
    /// When it was last displayed, in microseconds since the epoch; 0 for never.
    public var lastDisplayed: Int64 { fields["last_displayed"]?.int64Value ?? 0 }
    /// How many displays invalidate it; 0 for no limit.
    public var maxDisplayCount: UInt32 { fields["max_display_count"]?.uint32Value ?? 0 }
    /// Whether it neither waits for the display window nor opens one.
    public var ignoresDisplayFrequency: Bool { fields["ignores_display_frequency"]?.boolValue ?? false }
    /// `display-window`, or `""` when nothing holds it back.
    public var heldBackBy: String { string("held_back_by") }
    /// Until when it is held back, in microseconds since the epoch; 0 for not.
    public var heldUntil: Int64 { fields["held_until"]?.int64Value ?? 0 }
    /// The service's sentence saying why the tip is or is not shown.
    public var explanation: String { string("explanation") }

    /// Each rule with the value it was checked against.
    public var rules: [RuleDetails] {
        (fields["rules"]?.arrayValue ?? []).map(RuleDetails.init)
    }

    /// The value of a key of the reply, as it came, for JSON.
    public subscript(key: String) -> DBusValue? {
        fields[key]
    }

    /// The status as the `tips` table shows it: `invalidated (tipClosed)`, `available (shown for testing)`.
    public var statusText: String {
        var text = status
        if !invalidationReason.isEmpty { text += " (\(invalidationReason))" }
        if !override.isEmpty { text += " (\(override) for testing)" }
        return text
    }

    private func string(_ key: String) -> String {
        fields[key]?.stringValue ?? ""
    }
}
