import TipsCore

/// Why the notifier shows nothing now, and what it waits for.
enum WaitReason: Equatable, Sendable, CustomStringConvertible {
    /// Another notifier owns `org.feels.TipsNotifier`; this one stands by in the queue.
    case standby
    /// The user turned tip notifications off in the file at the path.
    case turnedOff(path: String)
    /// The opt-out file cannot be read or holds an invalid value; nothing is shown until it is fixed.
    case unreadableSettings(String)
    /// The Feels app runs: it shows tips where they belong, so no notification doubles them.
    case appRunning
    /// A click handed the tip to the Feels app, which is being started at it: until it answers, it may not own its
    /// name yet, and a new notification would appear beside it.
    case openingApp(TipID)
    /// The user is away.
    case away(PresenceWatch.Absence)
    /// The user silenced notifications (do not disturb, or Feels turned off in the desktop's settings).
    case silenced(Silencer)
    /// No notification server runs or can be started: waiting for one to appear.
    case noServer
    /// The server failed to show a notification: waiting for it to be replaced, or until the instant to try again.
    case serverFailing(retryAt: Instant)
    /// `org.feels.Tips` cannot be reached; waiting for it to appear.
    case serviceUnavailable(String)
    /// The user has not used Feels yet (no day of use): a notification never advertises an app not yet used.
    case notUsedYet
    /// The display window holds new tips back until the instant.
    case windowClosed(until: Instant)
    /// No tip the user has not seen is available.
    case noNewTip
    /// The server never answered `Notify` for a tip's notification: it may show it yet, so nothing else is shown
    /// until that server leaves the bus (the next one then shows the tip).
    case serverUnanswered(TipID)
    /// A tip's notification is still on screen: the next new tip waits for it to be closed, or replaces it once the
    /// display window has reopened.
    case tipOnScreen(TipID)

    /// What silences notifications.
    enum Silencer: Equatable, Sendable, CustomStringConvertible {
        /// The notification server's `Inhibited` property.
        case serverInhibited
        /// dunst is paused.
        case serverPaused
        /// GNOME's `show-banners` is false.
        case gnomeBannersOff
        /// GNOME's notification settings for the desktop entry turn its notifications off (`enable=false`).
        case gnomeAppDisabled(String)
        /// GNOME's notification settings for the desktop entry turn its banners off (`show-banners=false`).
        case gnomeAppBannersOff(String)
        /// Xfce's notification daemon is in do-not-disturb mode.
        case xfceDoNotDisturb

        /// "the notification server inhibits notifications".
        var description: String {
            switch self {
            case .serverInhibited: "the notification server inhibits notifications"
            case .serverPaused: "the notification server is paused"
            case .gnomeBannersOff: "GNOME's notification banners are off (show-banners=false)"
            case .gnomeAppDisabled(let entry): "GNOME's notification settings turn off notifications of '\(entry)'"
            case .gnomeAppBannersOff(let entry): "GNOME's notification settings turn off banners of '\(entry)'"
            case .xfceDoNotDisturb: "Xfce's notifications are in do-not-disturb mode"
            }
        }
    }

    /// The log line: "Waiting: the display window is closed until 2026-12-01T10:00:00Z".
    var description: String {
        switch self {
        case .standby: "Standing by: another feels-tips-notifier shows the tips"
        case .turnedOff(let path): "Tip notifications are turned off in '\(path)'"
        case .unreadableSettings(let problem): "\(problem); showing no tips until it is fixed"
        case .appRunning: "Waiting: the Feels app runs and shows tips where they belong"
        case .openingApp(let id): "Waiting: the Feels app is being opened at '\(id)'"
        case .away(let absence): "Waiting: \(absence)"
        case .silenced(let silencer): "Waiting: \(silencer)"
        case .noServer: "Waiting: no notification server"
        case .serverFailing(let retryAt): "Waiting: the notification server failed; trying again at \(retryAt)"
        case .serviceUnavailable(let reason): "Waiting: org.feels.Tips is not available (\(reason))"
        case .notUsedYet: "Waiting: Feels has not been used yet (no day of use)"
        case .windowClosed(let until): "Waiting: the display window is closed until \(until)"
        case .noNewTip: "Waiting: no new tip is available"
        case .serverUnanswered(let id):
            "Waiting: the notification server never answered for '\(id)', and may show it yet"
        case .tipOnScreen(let id): "Waiting: the notification of '\(id)' is still on screen"
        }
    }
}
