import DBus
import FeelsSystem
import Glibc
import TipsCore

/// `feels-tips-notifier` while it runs: shows the tip the user is ready for as a desktop notification, at most once
/// per display window, and hands a click to the Feels app at the tip.
///
/// The decisions are ``NotifierMachine``'s; this object feeds it: the watches' facts (the service, the notification
/// server, the Feels app, presence, silence, the opt-out), the answers of the calls it asked for, the server's
/// signals and the timers, each as a ``NotifierInput``; and carries out the ``NotifierEffect``s it returns. Every
/// call goes out without blocking the loop (the notification server's go through libnotify on a thread of their own,
/// ``NotificationServerThread``), so the loop always answers (a `Ping` to the notifier, a signal to stop) whatever a
/// peer does. Nothing polls.
///
/// The executable makes one from its main function and calls its steps in order, so that the loop's handlers keep
/// their state here rather than in `main.swift`'s globals, which Swift 6 makes the main actor's.
public final class TipNotifier {
    /// The name the active notifier owns; a second notifier waits in its queue.
    static let busName: BusName = "org.feels.TipsNotifier"
    /// How long `--once` waits for the user's answer to a notification it showed.
    static let outcomeWait = Duration.seconds(5)
    /// How long finishing waits for the notification server's thread to make the calls asked before: a hung server
    /// must not hold up the exit.
    static let finishingWait = Duration.milliseconds(300)

    let options: NotifierOptions
    let log: ProcessLog
    /// The user's languages, as the desktop gives them: the tips' words are asked in them, whatever the service's
    /// are.
    let languages: [LanguageName]
    /// `XDG_CURRENT_DESKTOP`, `XDG_DATA_HOME`, `XDG_DATA_DIRS` and `HOME`, which say whether GNOME's settings apply
    /// and where the Feels app's desktop entry and the icons are looked for.
    let environment: [String: String]
    /// The XDG data folders icons are looked for in.
    let iconFolders: [String]
    let connection: DBusConnection
    let loop: GLibLoop
    let router: SignalRouter
    let settings: SettingsFollower
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
    var systemBus: DBusConnection?
    var systemRouter: SignalRouter?
    var alarm: WallClockAlarm?
    var retryTimer: LoopSourceID?
    var role = NotifierFacts.Role.unknown
    /// The status the process exits with: 0 unless the bus was lost.
    public private(set) var exitStatus: Int32 = 0

    /// Connects to the session bus (`--address`'s, when given, which becomes the session bus of everything in the
    /// process: GSettings' dconf backend opens it on its own, from `DBUS_SESSION_BUS_ADDRESS`), worded in the user's
    /// languages, following the opt-out file at its default path. The loop stops when the bus is lost, and the
    /// process then exits with status 1.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - log: Where every event is logged.
    /// - Throws: ``NotifierError`` when there is no settings path, no session bus, or the opt-out file cannot be
    ///   followed.
    public init(options: NotifierOptions, log: ProcessLog) throws(NotifierError) {
        if let address = options.address {
            setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        }
        self.options = options
        self.log = log
        languages = LanguageName.fromEnvironment(
            ProcessEnvironment.values(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]))
        environment = ProcessEnvironment.values(["XDG_CURRENT_DESKTOP", "XDG_DATA_HOME", "XDG_DATA_DIRS", "HOME"])
        iconFolders = FeelsAppWatch.dataFolders(environment)
        let settingsPath: String
        do {
            settingsPath = try NotificationSettings.defaultPath(
                environment: ProcessEnvironment.values(["XDG_CONFIG_HOME", "HOME"]))
            connection = try DBusConnection.session()
        } catch {
            throw NotifierError(description: "\(error)")
        }
        loop = GLibLoop()
        connection.attach(to: loop)
        let messages = MessageCatalog()
        machine = NotifierMachine(
            configuration: NotifierMachine.Configuration(
                once: options.once, translate: { messages.translate($0) }))
        router = SignalRouter(connection: connection)
        settings = try SettingsFollower(path: settingsPath, loop: loop)
        connection.onDisconnected = { [self] in
            log.error("Lost the connection to the bus, exiting")
            exitStatus = 1
            loop.stop()
        }
    }

    /// Says what it starts with; follows the service, the server, the app, presence and silence; asks for
    /// `org.feels.TipsNotifier`, and says whether GNOME's notification settings are followed. The first decision
    /// comes once the bus has answered.
    ///
    /// - Throws: ``NotifierError`` when a question cannot be sent to the bus or the alarm cannot be made.
    public func start() throws(NotifierError) {
        log.info(
            "Started as \(connection.uniqueName)\(options.once ? " for one look" : ""): settings '\(settings.path)', "
                + "languages '\(languages.map(\.text).joined(separator: ":"))'")
        router.onProblem = { [weak self] problem in self?.report(.problem(problem)) }
        serverThread = NotificationServerThread(appName: TipNotificationContent.appName) { [weak self] output in
            switch output {
            case .input(let input): self?.send(input)
            case .problem(let problem): self?.report(.problem(problem))
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
            throw NotifierError(description: "Failed to start: \(error)")
        }
        factsChanged()
        if let entry = silence?.gnome?.entry {
            log.info("Following GNOME's notification settings, and those of '\(entry)'")
        } else {
            log.info("Not a GNOME session, or GNOME's notification settings are not installed; not following them")
        }
    }

    /// Runs until the notifier has finished or the bus is lost.
    public func run() {
        loop.run()
    }

    /// Closes the connections, sending what they hold; call once ``run()`` has returned.
    public func finish() {
        systemBus?.close()
        connection.close()
        log.flush()
    }

    /// Stops the loop once: when the notification server's thread has caught up with the withdrawals asked before,
    /// or its wait ran out.
    func finishNow() {
        guard !finished else { return }
        finished = true
        if let finishing { loop.removeTimer(finishing) }
        finishing = nil
        loop.stop()
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
