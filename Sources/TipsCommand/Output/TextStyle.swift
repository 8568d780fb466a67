/// Colour and weight for text on a terminal, or plain text: colour only when standard output is a terminal, `TERM`
/// is not `dumb` and `NO_COLOR` is unset or empty (no-color.org).
public struct TextStyle: Equatable, Sendable {
    /// Whether escape sequences are written.
    public let usesColour: Bool

    /// A style that writes escape sequences or not.
    public init(usesColour: Bool) {
        self.usesColour = usesColour
    }

    /// The style for standard output.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether standard output is a terminal.
    ///   - environment: `TERM` and `NO_COLOR`, when set.
    public init(isTerminal: Bool, environment: [String: String]) {
        let dumb = environment["TERM"] == "dumb"
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
        self.init(usesColour: isTerminal && !dumb && !noColour)
    }

    /// Bold: headers and names.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Green: what holds, what is available.
    public func good(_ text: String) -> String { wrap(text, "32") }
    /// Yellow: what waits.
    public func waiting(_ text: String) -> String { wrap(text, "33") }
    /// Red: what does not hold, what is gone.
    public func bad(_ text: String) -> String { wrap(text, "31") }

    /// A tip status name in its colour: available green, pending yellow, invalidated red.
    public func status(_ name: String) -> String {
        switch name {
        case "available": good(name)
        case "pending": waiting(name)
        case "invalidated": bad(name)
        default: name
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
