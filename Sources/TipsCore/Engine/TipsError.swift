/// Why the engine refused a request.
public enum TipsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a mood of the Feels scale.
    case invalidMood(String)
    /// No tip has this identifier; `known` are the catalog's, in its order.
    case unknownTip(String, known: [TipID])
    /// The text is not a reason a caller may give (`actionPerformed` or `tipClosed`).
    case invalidReason(String)
    /// The text is not a display frequency.
    case invalidDisplayFrequency(String)
    /// No tip is shown at this location.
    case unknownLocation(String)
    /// A day count was negative or longer than ``TipsEngine/maximumDayCount``.
    case dayCountOutOfRange(TipParameter, Int)
    /// Another notifier holds the tip for its notification.
    case heldByAnotherNotifier(String)

    /// A sentence that names the value in single quotes and says what is accepted.
    public var description: String {
        switch self {
        case .invalidMood(let text):
            "\(quoted(text)) is not a mood; expected one of \(Mood.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownTip(let text, let known):
            "No tip is named \(quoted(text))"
                + (known.isEmpty ? "" : "; expected one of " + known.map(\.rawValue).joined(separator: ", "))
        case .invalidReason(let text):
            "\(quoted(text)) is not an invalidation reason; expected action-performed or tip-closed"
        case .invalidDisplayFrequency(let text):
            "\(quoted(text)) is not a display frequency; expected immediate, hourly, daily, weekly, monthly "
                + "or a whole number of seconds up to \(DisplayFrequency.maximumSeconds)"
        case .unknownLocation(let text):
            "\(quoted(text)) is not a tip location; expected one of "
                + TipLocation.allCases.map(\.rawValue).joined(separator: ", ") + ", or '' for all"
        case .dayCountOutOfRange(let parameter, let value):
            "\(parameter.rawValue) cannot be \(value); expected 0 to \(TipsEngine.maximumDayCount)"
        case .heldByAnotherNotifier(let id):
            "\(quoted(id)) is held for another notifier's notification; only that notifier may release it"
        }
    }

    /// A caller's text in single quotes, cut to 64 characters so that a huge argument cannot flood a reply or a log.
    ///
    /// Cut by Unicode scalars, not Characters: one letter followed by a million combining marks is one Character.
    private func quoted(_ text: String) -> String {
        guard text.utf8.count > 64 else { return "'\(text)'" }
        return "'\(String(text.unicodeScalars.prefix(64)))…' (\(text.utf8.count) bytes)"
    }
}
