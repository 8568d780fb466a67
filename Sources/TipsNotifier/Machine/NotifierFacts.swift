import TipsCore

/// What the notifier's watches know of the world, each as the latest that was heard: the notifier's role, the
/// user's opt-out, presence and silence, the notification server, the service and the Feels app.
///
/// The runtime gathers them from the bus, GSettings and files and hands every change to ``NotifierMachine`` whole;
/// the machine compares the new facts with the old to see what happened (a server replaced, the app started).
struct NotifierFacts: Equatable, Sendable {
    /// Whether this notifier owns `org.feels.TipsNotifier`.
    enum Role: Equatable, Sendable {
        /// The bus has not answered the name request yet.
        case unknown
        /// It owns the name and shows tips.
        case active
        /// Another notifier owns the name; this one waits in the queue.
        case standby
        /// Another notifier owns the name and `--once` does not queue.
        case another
    }

    /// The user's own switch for tip notifications.
    enum OptOut: Equatable, Sendable {
        /// On (the default).
        case on
        /// Turned off in the file at the path.
        case off(path: String)
        /// The file cannot be used; it counts as off.
        case unreadable(String)
    }

    /// The notification server, `org.freedesktop.Notifications`.
    struct Server: Equatable, Sendable {
        /// Whether the bus has said who owns the name, and whether it can start one.
        var known = false
        /// The unique name of the server that runs; `nil` when none does.
        var owner: String?
        /// Whether the bus can start a server when none runs.
        var activatable = false
    }

    /// `org.feels.Tips`, as far as the notifier follows it.
    struct Service: Equatable, Sendable {
        /// Whether the bus has said who owns the name.
        var known = false
        /// The unique name of the running service; `nil` when none runs (a call then starts it, if installed).
        var owner: String?
        /// `DaysUsingApp`, once read from the running service.
        var daysUsingApp: UInt32?
        /// `NextDisplayTime` (`nil`: a new tip may appear now), once read from the running service.
        var nextDisplayTime: Instant??
    }

    /// The Feels desktop app, `org.feels.Feels`.
    struct App: Equatable, Sendable {
        /// Whether the bus has said whether it runs.
        var known = false
        /// Whether it runs (owns `org.feels.Feels`): it then shows tips in context, and no notification is shown.
        var running = false
        /// Whether its D-Bus activatable desktop entry is installed: a notification's click then opens it at the tip.
        var installed = false
    }

    /// Whether this notifier shows tips.
    var role: Role = .unknown
    /// The user's switch.
    var optOut: OptOut = .on
    /// Whether presence and silence have been heard from every source that runs (each question answered, or
    /// failed): until then, an absence or a silence may still be unknown.
    var settled = false
    /// Why the user is away, if they are.
    var absence: PresenceWatch.Absence?
    /// What silences notifications now, if anything.
    var silencer: WaitReason.Silencer?
    /// The notification server.
    var server = Server()
    /// The service.
    var service = Service()
    /// The Feels app.
    var app = App()

    /// Whether everything the first decision needs has been heard from the bus.
    var isComplete: Bool {
        role != .unknown && settled && server.known && service.known && app.known
    }
}
