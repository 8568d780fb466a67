/// Why a tip whose rules hold may not appear yet, and until when.
public enum DisplayHold: Hashable, Sendable {
    /// Another tip first appeared less than one display frequency ago; new tips wait until the window ends.
    case displayWindow(until: Instant)

    /// The name of what holds the tip back, as D-Bus reports it: `display-window`.
    public var name: String {
        switch self {
        case .displayWindow: "display-window"
        }
    }

    /// When the hold ends.
    public var until: Instant {
        switch self {
        case .displayWindow(let until): until
        }
    }
}
