/// What one desktop notification says and offers, as the freedesktop notification specification's `Notify` takes
/// it.
struct NotificationContent: Hashable, Sendable {
    /// The one-line summary (the title).
    var summary: String
    /// The body, already escaped when the server reads markup.
    var body: String
    /// A freedesktop icon name: `Notify`'s `app_icon`.
    var icon: String
    /// The `image-path` hint: the icon's file as a `file://` URI, or its name when no file was found.
    var image: String
    /// The `desktop-entry` hint: the id of the application's `.desktop` file, without the suffix.
    var desktopEntry: String
    /// The `category` hint.
    var category: String
    /// The `urgency` hint.
    var urgency: NotificationUrgency
    /// The actions, by id, in order; `default` is the click on the notification itself.
    var actions: [NotificationAction]
}

/// An action a notification offers: a button, or `default` for a click on the notification.
struct NotificationAction: Hashable, Sendable {
    /// The id the server sends back in `ActionInvoked`.
    var id: String
    /// The words on the button.
    var label: String
}

/// The specification's urgency levels.
enum NotificationUrgency: UInt8, Hashable, Sendable {
    /// Unimportant: may go straight to a list, and never interrupts.
    case low = 0
    /// The common level.
    case normal = 1
    /// Must be seen.
    case critical = 2
}

/// Why the server closed a notification: the `reason` of `NotificationClosed`.
enum NotificationCloseReason: Equatable, Sendable, CustomStringConvertible {
    /// 1: it expired.
    case expired
    /// 2: the user dismissed it.
    case dismissed
    /// 3: a `CloseNotification` call closed it.
    case closedByCall
    /// 4, or any other value: undefined or reserved.
    case undefined(Int32)

    /// The reason for a number the server sent.
    init(code: Int32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByCall
        default: self = .undefined(code)
        }
    }

    /// "dismissed by the user (2)".
    var description: String {
        switch self {
        case .expired: "expired (1)"
        case .dismissed: "dismissed by the user (2)"
        case .closedByCall: "closed by a call (3)"
        case .undefined(let code): "closed for an undefined reason (\(code))"
        }
    }
}
