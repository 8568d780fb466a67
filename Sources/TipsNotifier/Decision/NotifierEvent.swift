/// Something the notifier did or saw that is worth a log line; the executable decides how to log it.
public enum NotifierEvent: Equatable, Sendable, CustomStringConvertible {
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
    /// The notification server left the bus.
    case serverVanished
    /// Nothing is shown now, for this reason.
    case waiting(WaitReason)
    /// A tip was shown and its display recorded.
    case shown(id: String, title: String)
    /// A tip was shown, but another app showed a new tip first, so the service recorded nothing; the notification
    /// was closed at once.
    case displayRefused(id: String)
    /// The notification server did not take the notification; nothing was recorded.
    case notifyFailed(id: String, reason: String)
    /// The user invoked an action of a tip's notification.
    case actionInvoked(id: String, action: String)
    /// A tip's notification was closed.
    case closed(id: String, reason: NotificationCloseReason)
    /// The service invalidated a tip after what the user did.
    case invalidated(id: String, reason: String)
    /// The user turned tip notifications off from a notification.
    case turnedOffFromNotification(path: String)
    /// The opt-out changed: on or off, naming the file.
    case settingsChanged(enabled: Bool, path: String)
    /// Something failed that the notifier works around.
    case problem(String)

    /// The log line.
    public var description: String {
        switch self {
        case .becameActive: "Active: showing tips as notifications (owner of 'org.feels.TipsNotifier')"
        case .standingBy: "Standing by: another feels-tips-notifier owns 'org.feels.TipsNotifier'"
        case .anotherNotifierIsActive: "Another feels-tips-notifier shows the tips; nothing to do"
        case .serviceAppeared(let owner): "org.feels.Tips appeared on the bus as \(owner)"
        case .serviceVanished: "org.feels.Tips left the bus"
        case .serverAppeared(let owner): "A notification server appeared on the bus as \(owner)"
        case .serverVanished: "The notification server left the bus"
        case .waiting(let reason): reason.description
        case .shown(let id, let title): "Showed '\(id)' as a notification: '\(title)'"
        case .displayRefused(let id):
            "Closed the notification of '\(id)': another app showed a new tip first, so its display was not recorded"
        case .notifyFailed(let id, let reason): "Failed to show '\(id)': \(reason); nothing was recorded"
        case .actionInvoked(let id, let action): "The user chose '\(action)' on the notification of '\(id)'"
        case .closed(let id, let reason): "The notification of '\(id)' was \(reason)"
        case .invalidated(let id, let reason): "Invalidated '\(id)' with '\(reason)'"
        case .turnedOffFromNotification(let path): "Tip notifications turned off from a notification, in '\(path)'"
        case .settingsChanged(let enabled, let path):
            "Tip notifications turned \(enabled ? "on" : "off") in '\(path)'"
        case .problem(let text): text
        }
    }
}
