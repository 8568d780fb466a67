import TipsCore

/// Something the notifier did or saw that is worth a log line; the executable decides how to log it.
enum NotifierEvent: Equatable, Sendable, CustomStringConvertible {
    /// This notifier owns `org.feels.TipsNotifier` and shows tips.
    case becameActive
    /// Another notifier owns the name; this one waits in the queue.
    case standingBy
    /// Another notifier owns the name and `--once` does not queue.
    case anotherNotifierIsActive
    /// `org.feels.Tips` appeared on the bus, owned by the unique name.
    case serviceAppeared(owner: String)
    /// `org.feels.Tips` left the bus.
    case serviceVanished
    /// A notification server appeared on the bus, owned by the unique name.
    case serverAppeared(owner: String)
    /// The notification server left the bus, with the tips it was showing.
    case serverVanished(showing: [TipID])
    /// The Feels app started; the notifications on screen are withdrawn.
    case appStarted
    /// Nothing is shown now, for this reason.
    case waiting(WaitReason)
    /// A tip was claimed and shown as a notification with this id.
    case shown(id: TipID, title: String, notification: UInt32)
    /// A tip's notification, lost with its server, was shown again by the next one.
    case shownAgain(id: TipID, notification: UInt32)
    /// The notification server did not take the notification; its claim is undone.
    case notifyFailed(id: TipID, reason: String)
    /// The server did not answer `Notify` within libnotify's wait: the notification may still appear, so it is not
    /// sent again and the tip stays claimed.
    case notifyUnanswered(id: TipID, reason: String)
    /// The user clicked a tip's notification: the Feels app is opened at the tip.
    case handedToApp(id: TipID)
    /// The Feels app could not be opened at the tip.
    case appActivationFailed(id: TipID, reason: String)
    /// The user clicked a tip's notification, but no Feels app is installed to open: nothing is done.
    case clickedWithoutApp(id: TipID)
    /// A tip's notification was closed by the server or the user; nothing is recorded.
    case closed(id: TipID, reason: NotificationCloseReason)
    /// A tip's notification was replaced on screen by the next tip's.
    case replaced(id: TipID, by: TipID)
    /// A tip's notification is to be withdrawn, for the reason, but `Notify` is pending: it is closed as soon as the
    /// server gives its id.
    case withdrawalPending(id: TipID, reason: String)
    /// A tip's notification was withdrawn, for the reason.
    case withdrawn(id: TipID, reason: String)
    /// The user turned tip notifications off from a notification.
    case turnedOffFromNotification
    /// The opt-out changed: on or off, naming the file.
    case settingsChanged(enabled: Bool, path: String)
    /// Something failed that the notifier works around.
    case problem(String)

    /// The log line.
    var description: String {
        switch self {
        case .becameActive: "Active: showing tips as notifications (owner of 'org.feels.TipsNotifier')"
        case .standingBy: "Standing by: another feels-tips-notifier owns 'org.feels.TipsNotifier'"
        case .anotherNotifierIsActive: "Another feels-tips-notifier shows the tips; nothing to do"
        case .serviceAppeared(let owner): "org.feels.Tips appeared on the bus as \(owner)"
        case .serviceVanished: "org.feels.Tips left the bus"
        case .serverAppeared(let owner): "A notification server appeared on the bus as \(owner)"
        case .serverVanished(let showing):
            "The notification server left the bus"
                + (showing.isEmpty
                    ? "" : "; the next one shows " + showing.map { "'\($0)'" }.joined(separator: ", ") + " again")
        case .appStarted: "The Feels app started: it shows tips where they belong"
        case .waiting(let reason): reason.description
        case .shown(let id, let title, let notification):
            "Showed '\(id)' as notification \(notification): '\(title)'"
        case .shownAgain(let id, let notification): "Showed '\(id)' again, as notification \(notification)"
        case .notifyFailed(let id, let reason): "Failed to show '\(id)': \(reason); its claim is undone"
        case .notifyUnanswered(let id, let reason):
            "The notification server did not answer for '\(id)' (\(reason)); it may show it yet, so it is not sent again"
        case .handedToApp(let id): "The notification of '\(id)' was clicked: opening Feels at the tip"
        case .appActivationFailed(let id, let reason): "Failed to open Feels at '\(id)': \(reason)"
        case .clickedWithoutApp(let id):
            "The notification of '\(id)' was clicked, but the Feels app is not installed; nothing to open"
        case .closed(let id, let reason): "The notification of '\(id)' was \(reason); nothing is recorded"
        case .replaced(let id, let next): "The notification of '\(id)' was replaced by that of '\(next)'"
        case .withdrawalPending(let id, let reason):
            "Withdrawing the notification of '\(id)' once the server has answered: \(reason)"
        case .withdrawn(let id, let reason): "Withdrew the notification of '\(id)': \(reason)"
        case .turnedOffFromNotification: "Tip notifications turned off from a notification"
        case .settingsChanged(let enabled, let path):
            "Tip notifications turned \(enabled ? "on" : "off") in '\(path)'"
        case .problem(let text): text
        }
    }
}
