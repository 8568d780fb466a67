/// Why a tip whose rules hold may not appear now, and until when.
public enum DisplayHold: Hashable, Sendable {
    /// Another tip first appeared less than one display frequency ago; new tips wait until the window ends.
    case displayWindow(until: Instant)
    /// The tip is on screen as a desktop notification: one tip shows in one place at a time, so apps show it once
    /// the notification is gone.
    case notification

    /// The name of what holds the tip back, as D-Bus reports it: `display-window` or `notification`.
    public var name: String {
        switch self {
        case .displayWindow: "display-window"
        case .notification: "notification"
        }
    }

    /// When the hold ends; `nil` when no instant is known (a notification ends when the user or the notifier
    /// closes it).
    public var until: Instant? {
        switch self {
        case .displayWindow(let until): until
        case .notification: nil
        }
    }
}
