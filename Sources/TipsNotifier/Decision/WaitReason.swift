import TipsCore

/// Why the notifier shows nothing now, and what it waits for.
public enum WaitReason: Equatable, Sendable, CustomStringConvertible {
    /// Another notifier owns `org.feels.TipsNotifier`; this one stands by in the queue.
    case standby
    /// The user turned tip notifications off in the file at the path.
    case turnedOff(path: String)
    /// The opt-out file cannot be read or holds an invalid value; nothing is shown until it is fixed.
    case unreadableSettings(String)
    /// The user is away.
    case away(PresenceWatch.Absence)
    /// The user silenced notifications (do not disturb).
    case silenced(Silencer)
    /// No notification server runs or can be started, or showing failed: waiting for one to appear.
    case noServer
    /// `org.feels.Tips` cannot be reached; waiting for it to appear.
    case serviceUnavailable(String)
    /// The display window holds new tips back until the instant.
    case windowClosed(until: Instant)
    /// No tip the user has not seen is available.
    case noNewTip
    /// The tip the service offers was already shown as a notification by this notifier.
    case alreadyNotified(String)

    /// What silences notifications.
    public enum Silencer: Equatable, Sendable, CustomStringConvertible {
        /// The notification server's `Inhibited` property.
        case serverInhibited
        /// dunst is paused.
        case serverPaused
        /// GNOME's `show-banners` is false.
        case gnomeBannersOff

        /// "the notification server inhibits notifications".
        public var description: String {
            switch self {
            case .serverInhibited: "the notification server inhibits notifications"
            case .serverPaused: "the notification server is paused"
            case .gnomeBannersOff: "GNOME's notification banners are off (show-banners=false)"
            }
        }
    }

    /// The log line: "Waiting: the display window is closed until 2026-12-01T10:00:00Z".
    public var description: String {
        switch self {
        case .standby: "Standing by: another feels-tips-notifier shows the tips"
        case .turnedOff(let path): "Tip notifications are turned off in '\(path)'"
        case .unreadableSettings(let problem): "\(problem); showing no tips until it is fixed"
        case .away(let absence): "Waiting: \(absence)"
        case .silenced(let silencer): "Waiting: \(silencer)"
        case .noServer: "Waiting: no notification server"
        case .serviceUnavailable(let reason): "Waiting: org.feels.Tips is not available (\(reason))"
        case .windowClosed(let until): "Waiting: the display window is closed until \(until)"
        case .noNewTip: "Waiting: no new tip is available"
        case .alreadyNotified(let id): "Waiting: '\(id)' was already shown as a notification"
        }
    }
}
