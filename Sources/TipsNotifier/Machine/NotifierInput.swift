import TipsCore

/// Everything that happens to the notifier, as ``NotifierMachine`` reads it.
enum NotifierInput: Sendable {
    /// The watches' facts changed (or were heard for the first time).
    case facts(NotifierFacts)
    /// The wall-clock alarm fired: the display window may have ended, or the clock was set.
    case alarm
    /// The retry timer fired.
    case retry
    /// The server answered `GetCapabilities`, or the call failed.
    case capabilities(Result<Set<String>, CallFailure>)
    /// The service answered `ClaimNotificationTip`: the tip claimed, `nil` for none, or a failure.
    case claimed(Result<ClaimedTip?, CallFailure>)
    /// The server answered `Notify` for the tip's notification, however long it took: its id, or a failure (a
    /// ``CallFailure/timedOut`` one when libnotify stopped waiting).
    case notified(TipID, Result<UInt32, CallFailure>)
    /// The service answered `ReleaseNotificationTip` for a tip.
    case released(TipID, shown: Bool, Result<Void, CallFailure>)
    /// The app answered `ActivateAction("show-tip", …)`.
    case appActivated(TipID, Result<Void, CallFailure>)
    /// The server's signal about one of its notifications, as libnotify delivered it (its proxy believes only the
    /// name's current owner).
    case server(ServerSignal)
    /// The service says a tip changed in a way that concerns a notification of it.
    case tipChanged(TipID, TipChangeKind)
    /// `--once` has waited long enough for the user's answer.
    case outcomeWaitEnded
    /// SIGTERM or SIGINT: withdraw what is on screen and finish.
    case stop
}

/// A call that failed: whether it says the peer is not there, and what it said.
struct CallFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed, as the bus or the peer said it.
    var description: String
    /// Whether the error says the peer does not run and cannot be started (`ServiceUnknown`, `NameHasNoOwner`, a
    /// failed activation) or is in use elsewhere (`org.feels.Tips1.Error.InUse`), rather than that it misbehaved.
    var peerUnavailable: Bool
    /// Whether no answer came in time: the peer may still act on the call, late, so it did not fail for sure.
    var timedOut: Bool

    /// A failure.
    init(_ description: String, peerUnavailable: Bool = false, timedOut: Bool = false) {
        self.description = description
        self.peerUnavailable = peerUnavailable
        self.timedOut = timedOut
    }
}

/// A tip the service claimed for this notifier, with its words in the notifier's language.
struct ClaimedTip: Equatable, Sendable {
    /// The tip.
    var id: TipID
    /// The notification's title.
    var title: String
    /// The notification's body.
    var body: String
    /// A freedesktop icon name.
    var icon: String
    /// The notification's image: the icon's file as a `file://` URI, or its name when no file was found.
    var image: String

    /// A claimed tip; `image` is `icon` unless given.
    init(id: TipID, title: String, body: String, icon: String, image: String? = nil) {
        self.id = id
        self.title = title
        self.body = body
        self.icon = icon
        self.image = image ?? icon
    }
}

/// A signal of the notification server about a notification, by the id it gave.
enum ServerSignal: Equatable, Sendable {
    /// `ActionInvoked(id, action)`: the user chose an action (`default` is a click on the notification).
    case actionInvoked(UInt32, action: String)
    /// `NotificationClosed(id, reason)`.
    case closed(UInt32, NotificationCloseReason)
    /// `ActivationToken(id, token)` (specification 1.2): sent just before `ActionInvoked`, for the app to be raised.
    case activationToken(UInt32, String)
}

/// What changed of a tip, as far as its notification is concerned.
enum TipChangeKind: Equatable, Sendable {
    /// It was invalidated (in an app, by `feels-tips`): its notification is withdrawn.
    case invalidated
    /// It is no longer marked notified (a reset): its notification is withdrawn.
    case forgotten
    /// It may be worth a new look: it became available or should display, or the window reopened.
    case mayBeDue
}
