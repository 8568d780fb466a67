/// One tip this notifier claimed, and where its notification is in its life.
struct TipNotification: Equatable, Sendable {
    /// Where the notification is.
    enum Phase: Equatable, Sendable {
        /// Pending: `Notify` is on its way to the server, the unique name it went to (`nil`: the server was being
        /// started), for as long as the server takes; `again` for a notification lost with its server and shown once
        /// more. A slow server is never taken for one that did not show it.
        case notifying(server: String?, again: Bool)
        /// `Notify` went unanswered for longer than libnotify waits: the server may still show it, so it counts as on
        /// screen, without an id (it cannot be closed or clicked through us), until its server leaves the bus.
        case unanswered(server: String?)
        /// On screen, by the server's unique name and the id it gave.
        case onScreen(server: String, id: UInt32)
        /// Its server left the bus with it: the next server shows it again.
        case lost
        /// The user clicked it: the tip is released, and the Feels app is opened at the tip once the service has
        /// answered (so the app finds the tip no longer held).
        case handedOff
    }

    /// The tip and its words.
    let tip: ClaimedTip
    /// What the notification says and offers.
    var content: NotificationContent
    /// Where it is.
    var phase: Phase
    /// The activation token the server sent for it, for the app to be raised.
    var activationToken: String?
    /// Why it must be withdrawn as soon as the server has answered `Notify`, when that was asked meanwhile.
    var withdrawOnceShown: String?
    /// The id of the notification of an earlier tip that this one replaces on screen; 0 for none.
    var replacing: UInt32 = 0
    /// The server's id for it, while it is on screen.
    var onScreenID: UInt32? {
        if case .onScreen(_, let id) = phase { id } else { nil }
    }
}
