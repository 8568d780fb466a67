import DBus
import FeelsSystem
import TipsCore

/// Shows the tip the user is ready for as a desktop notification, at most once per display window, and hands a
/// click to the Feels app at the tip.
///
/// The decisions are ``NotifierMachine``'s; this object feeds it: the watches' facts (the service, the notification
/// server, the Feels app, presence, silence, the opt-out), the answers of the calls it asked for, the server's
/// signals and the timers, each as a ``NotifierInput``; and carries out the ``NotifierEffect``s it returns. Every
/// call goes out without blocking the loop (the notification server's go through libnotify on a thread of their own,
/// ``NotificationServerThread``), so the loop always answers (a `Ping` to the notifier, a signal to stop) whatever a
/// peer does. Nothing polls.
public final class TipNotifier {
    /// The name the active notifier owns; a second notifier waits in its queue.
    public static let busName: BusName = "org.feels.TipsNotifier"

    /// How the notifier runs.
    public struct Configuration {
        /// Show what is due now, wait ``outcomeWait`` for the user's answer, then finish.
        public var once: Bool
        /// How long `--once` waits for the user's answer to a notification it showed.
        public var outcomeWait: Duration
        /// The user's languages, in order of preference, that the tips' words are asked in.
        public var languages: [String]
        /// Translates the notifier's own words.
        public var translate: (String) -> String

        /// Creates a configuration.
        public init(
            once: Bool, outcomeWait: Duration, languages: [String], translate: @escaping (String) -> String
        ) {
            self.once = once
            self.outcomeWait = outcomeWait
            self.languages = languages
            self.translate = translate
        }
    }

    /// Called with every event worth a log line.
    public var onEvent: (NotifierEvent) -> Void = { _ in }
    /// Called once when the notifier is done (`--once`, or after ``stop()``), once the notification server has been
    /// asked to withdraw what was on screen, or ``finishingWait`` has passed.
    public var onFinished: () -> Void = {}

    /// How long finishing waits for the notification server's thread to make the calls asked before: a hung server
    /// must not hold up the exit.
    static let finishingWait = Duration.milliseconds(300)

    let connection: DBusConnection
    let loop: any DBusEventLoop
    let configuration: Configuration
    let router: SignalRouter
    let settings: SettingsFollower
    let environment: [String: String]
    /// The XDG data folders icons are looked for in.
    let iconFolders: [String]
    var machine: NotifierMachine
    var inputs: [NotifierInput] = []
    var handling = false
    var service: ServiceWatch?
    var server: NotificationServerWatch?
    var serverThread: NotificationServerThread?
    var finishing: LoopSourceID?
    var finished = false
    var app: FeelsAppWatch?
    var presence: PresenceWatch?
    var silence: SilenceWatch?
    var systemRouter: SignalRouter?
    var alarm: WallClockAlarm?
    var retryTimer: LoopSourceID?
    var role = NotifierFacts.Role.unknown

    /// Prepares the notifier on `connection`, attached to `loop`, following the opt-out file at `settingsPath`.
    ///
    /// - Parameter environment: `XDG_CURRENT_DESKTOP`, `XDG_DATA_HOME`, `XDG_DATA_DIRS` and `HOME`, which say
    ///   whether GNOME's settings apply and where the Feels app's desktop entry is looked for.
    /// - Throws: `NotifierError` when the opt-out file cannot be followed.
    public init(
        connection: DBusConnection, loop: any DBusEventLoop, settingsPath: String, environment: [String: String],
        configuration: Configuration
    ) throws(NotifierError) {
        self.connection = connection
        self.loop = loop
        self.configuration = configuration
        self.environment = environment
        iconFolders = FeelsAppWatch.dataFolders(environment)
        machine = NotifierMachine(
            configuration: NotifierMachine.Configuration(once: configuration.once, translate: configuration.translate))
        router = SignalRouter(connection: connection)
        settings = try SettingsFollower(path: settingsPath, loop: loop)
    }

    /// Follows the service, the server, the app, presence and silence, and asks for `org.feels.TipsNotifier`; the
    /// first decision comes once the bus has answered.
    ///
    /// - Throws: `NotifierError` when a question cannot be sent to the bus or the alarm cannot be made.
    public func start() throws(NotifierError) {
        router.onProblem = { [weak self] problem in self?.onEvent(.problem(problem)) }
        serverThread = NotificationServerThread(appName: TipNotificationContent.appName) { [weak self] output in
            switch output {
            case .input(let input): self?.send(input)
            case .problem(let problem): self?.onEvent(.problem(problem))
            case .caughtUp: self?.finishNow()
            }
        }
        do {
            alarm = try WallClockAlarm(loop: loop) { [weak self] in self?.send(.alarm) }
            try followService()
            try followDesktop()
            settings.onChange = { [weak self] in self?.factsChanged() }
            try requestRole()
        } catch {
            throw NotifierError(description: "\(error)")
        }
        factsChanged()
    }

    /// Withdraws what is on screen (a click would lead nowhere once the notifier is gone) and finishes.
    public func stop() {
        send(.stop)
    }

    /// Calls ``onFinished`` once: when the notification server's thread has caught up, or its wait ran out.
    func finishNow() {
        guard !finished else { return }
        finished = true
        if let finishing { loop.removeTimer(finishing) }
        finishing = nil
        onFinished()
    }

    /// Also follows logind's `LockedHint` of the user's session, on a connection to the system bus; `onFollowing`
    /// is told once which session, or why none.
    ///
    /// - Throws: `DBusError` when the question cannot be sent; presence then rests on the screen savers alone.
    public func followSessionLock(
        sessionID: String?, systemBus: DBusConnection, onFollowing: @escaping (Result<String, DBusError>) -> Void
    ) throws(DBusError) {
        let router = SignalRouter(connection: systemBus)
        router.onProblem = { [weak self] problem in self?.onEvent(.problem(problem)) }
        try presence?.followSessionLock(
            sessionID: sessionID, systemBus: systemBus, router: router, onFollowing: onFollowing)
        systemRouter = router
    }

    /// The desktop entry whose GNOME switches are followed, when GNOME's settings are followed at all: in a GNOME
    /// session (`XDG_CURRENT_DESKTOP`), with its schemas installed.
    public var followedGNOMEEntry: String? { silence?.gnome?.entry }

    // MARK: - Following

    private func followService() throws(DBusError) {
        let service = try ServiceWatch(connection: connection, router: router)
        service.onChange = { [weak self] in self?.factsChanged() }
        service.onTipChange = { [weak self] tip, kind in self?.send(.tipChanged(tip, kind)) }
        self.service = service
    }

    private func followDesktop() throws(DBusError) {
        let app = try FeelsAppWatch(router: router, environment: environment)
        app.onChange = { [weak self] in self?.factsChanged() }
        self.app = app
        // Only GNOME reads its settings; elsewhere GSettings would start dconf's worker thread for nothing.
        let desktops = environment["XDG_CURRENT_DESKTOP"]?.split(separator: ":") ?? []
        // The server's owner is followed before its flags: when it changes, the machine hears of it first (and
        // asks a new server's capabilities at most), then of the flags being asked again, before any answer comes.
        // The other way round, a server leaving with its flags would look for a moment like the old one unsilenced.
        let server = try NotificationServerWatch(connection: connection, router: router)
        server.onChange = { [weak self] in self?.factsChanged() }
        self.server = server
        let silence = try SilenceWatch(
            connection: connection, router: router,
            gnomeEntry: desktops.contains("GNOME")
                ? TipNotificationContent.desktopEntry(appInstalled: app.facts.installed) : nil)
        silence.onChange = { [weak self] in self?.factsChanged() }
        self.silence = silence
        let presence = try PresenceWatch(sessionBus: connection, router: router)
        presence.onChange = { [weak self] in self?.factsChanged() }
        self.presence = presence
    }

    private func requestRole() throws(DBusError) {
        let name = Self.busName.rawValue
        try router.add(
            SignalRule(
                sender: SignalRule.bus, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameAcquired", firstArgument: name, needsMatchRule: false)
        ) { [weak self] _ in self?.roleChanged(.active) }
        try router.add(
            SignalRule(
                sender: SignalRule.bus, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameLost", firstArgument: name, needsMatchRule: false)
        ) { [weak self] _ in self?.roleChanged(.standby) }
        // --once never queues (the flag DO_NOT_QUEUE, 4): it has no later in which to take over.
        let flags: UInt32 = configuration.once ? 4 : 0
        try connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "RequestName", arguments: [.string(name), .uint32(flags)], timeout: .seconds(25)
        ) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let values):
                switch values.first?.uint32Value {
                case 1, 4: self.roleChanged(.active)
                case 2: self.roleChanged(.standby)
                default: self.roleChanged(.another)
                }
            case .failure(let error):
                self.onEvent(.problem("The bus refused the name '\(name)': \(error)"))
                self.roleChanged(.another)
            }
        }
    }

    private func roleChanged(_ new: NotifierFacts.Role) {
        // The reply to RequestName and NameAcquired both say so.
        guard new != role else { return }
        role = new
        factsChanged()
    }

    // MARK: - Feeding the machine

    /// The facts as the watches know them now.
    var facts: NotifierFacts {
        var facts = NotifierFacts()
        facts.role = role
        if let problem = settings.problem {
            facts.optOut = .unreadable(problem.description)
        } else if !settings.enabled {
            facts.optOut = .off(path: settings.path)
        }
        facts.settled = (presence?.isSettled ?? true) && (silence?.isSettled ?? true)
        facts.absence = presence?.absence
        facts.silencer = silence?.silencer
        facts.server = server?.facts ?? NotifierFacts.Server()
        facts.service = service?.facts ?? NotifierFacts.Service()
        facts.app = app?.facts ?? NotifierFacts.App()
        return facts
    }

    func factsChanged() {
        let facts = facts
        guard facts != machine.facts else { return }
        send(.facts(facts))
    }

    /// Hands `input` to the machine and carries out its effects; an input that arrives while effects are carried out
    /// (a call that failed at once) waits its turn.
    func send(_ input: NotifierInput) {
        inputs.append(input)
        guard !handling else { return }
        handling = true
        defer { handling = false }
        while !inputs.isEmpty {
            let next = inputs.removeFirst()
            for effect in machine.handle(next, at: SystemClock().now) {
                perform(effect)
            }
        }
    }
}

/// The notifier could not start: the line `feels-tips-notifier` logs as an error before it exits with status 1.
public struct NotifierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, without the program's name.
    public let description: String
}
