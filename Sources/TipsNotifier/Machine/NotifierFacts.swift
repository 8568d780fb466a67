import TipsCore

/// What the notifier's watches know of the world, each as the latest that was heard: the notifier's role, the
/// user's opt-out, presence and silence, the notification server, the service and the Feels app.
///
/// The runtime gathers them from the bus, GSettings and files and hands every change to ``NotifierMachine`` whole;
/// the machine compares the new facts with the old to see what happened (a server replaced, the app started).
public struct NotifierFacts: Equatable, Sendable {
    /// Whether this notifier owns `org.feels.TipsNotifier`.
    public enum Role: Equatable, Sendable {
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
    public enum OptOut: Equatable, Sendable {
        /// On (the default).
        case on
        /// Turned off in the file at the path.
        case off(path: String)
        /// The file cannot be used; it counts as off.
        case unreadable(String)
    }

    /// The notification server, `org.freedesktop.Notifications`.
    public struct Server: Equatable, Sendable {
        /// Whether the bus has said who owns the name, and whether it can start one.
        public var known = false
        /// The unique name of the server that runs; `nil` when none does.
        public var owner: String?
        /// Whether the bus can start a server when none runs.
        public var activatable = false

        /// A server not known yet.
        public init(known: Bool = false, owner: String? = nil, activatable: Bool = false) {
            self.known = known
            self.owner = owner
            self.activatable = activatable
        }
    }

    /// `org.feels.Tips`, as far as the notifier follows it.
    public struct Service: Equatable, Sendable {
        /// Whether the bus has said who owns the name.
        public var known = false
        /// The unique name of the running service; `nil` when none runs (a call then starts it, if installed).
        public var owner: String?
        /// `DaysUsingApp`, once read from the running service.
        public var daysUsingApp: UInt32?
        /// `NextDisplayTime` (`nil`: a new tip may appear now), once read from the running service.
        public var nextDisplayTime: Instant??

        /// A service not known yet.
        public init(
            known: Bool = false, owner: String? = nil, daysUsingApp: UInt32? = nil, nextDisplayTime: Instant?? = nil
        ) {
            self.known = known
            self.owner = owner
            self.daysUsingApp = daysUsingApp
            self.nextDisplayTime = nextDisplayTime
        }
    }

    /// The Feels desktop app, `org.feels.Feels`.
    public struct App: Equatable, Sendable {
        /// Whether the bus has said whether it runs.
        public var known = false
        /// Whether it runs (owns `org.feels.Feels`): it then shows tips in context, and no notification is shown.
        public var running = false
        /// Whether its D-Bus activatable desktop entry is installed: a notification's click then opens it at the tip.
        public var installed = false

        /// An app not known yet.
        public init(known: Bool = false, running: Bool = false, installed: Bool = false) {
            self.known = known
            self.running = running
            self.installed = installed
        }
    }

    /// Whether this notifier shows tips.
    public var role: Role = .unknown
    /// The user's switch.
    public var optOut: OptOut = .on
    /// Whether presence and silence have been heard from every source that runs (each question answered, or
    /// failed): until then, an absence or a silence may still be unknown.
    public var settled = false
    /// Why the user is away, if they are.
    public var absence: PresenceWatch.Absence?
    /// What silences notifications now, if anything.
    public var silencer: WaitReason.Silencer?
    /// The notification server.
    public var server = Server()
    /// The service.
    public var service = Service()
    /// The Feels app.
    public var app = App()

    /// Nothing known yet.
    public init() {}

    /// Whether everything the first decision needs has been heard from the bus.
    public var isComplete: Bool {
        role != .unknown && settled && server.known && service.known && app.known
    }
}
