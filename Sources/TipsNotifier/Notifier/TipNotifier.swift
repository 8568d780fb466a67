import DBus
import FeelsSystem

/// Shows the tip the user is ready for as a desktop notification, at most once per display window, and reports
/// back what the user does with it.
///
/// Everything runs from one main loop: the service's signals, the notification server and the screen savers coming
/// and going, the opt-out file changing and the wall-clock alarm at the end of the display window each schedule one
/// evaluation. An evaluation first checks what is known locally (``NotifierConditions``), then asks the service for
/// the next new tip, shows it, and only once the server took it records the display (`DisplayTip`). Nothing polls.
public final class TipNotifier {
    /// The name the active notifier owns; a second notifier waits in its queue.
    public static let busName: BusName = "org.feels.TipsNotifier"
    static let service: BusName = "org.feels.Tips"
    static let servicePath: ObjectPath = "/org/feels/Tips"
    static let serviceInterface: InterfaceName = "org.feels.Tips1"

    /// How the notifier runs.
    public struct Configuration {
        /// Show what is due now, wait ``outcomeWait`` for the user's answer, then finish.
        public var once: Bool
        /// How long `--once` waits for the user's answer to a notification it showed.
        public var outcomeWait: Duration
        /// The locale the tips' words are asked in (`LC_MESSAGES`).
        public var locale: String
        /// Translates the notifier's own words.
        public var translate: (String) -> String

        /// Creates a configuration.
        public init(once: Bool, outcomeWait: Duration, locale: String, translate: @escaping (String) -> String) {
            self.once = once
            self.outcomeWait = outcomeWait
            self.locale = locale
            self.translate = translate
        }
    }

    /// A notification on screen, with whether the user already chose one of its actions.
    struct Showing {
        let notification: DesktopNotification
        var actionInvoked = false
    }

    /// Called with every event worth a log line.
    public var onEvent: (NotifierEvent) -> Void = { _ in }
    /// Called once when `--once` is done.
    public var onFinished: () -> Void = {}

    let connection: DBusConnection
    let loop: any DBusEventLoop
    let configuration: Configuration
    let router: SignalRouter
    let settings: SettingsFollower
    var conditions = NotifierConditions()
    var serviceOwner: BusNameFollower?
    var server: NotificationServerWatch?
    var presence: PresenceWatch?
    var banners: GNOMEBannerSetting?
    var systemRouter: SignalRouter?
    var alarm: WallClockAlarm?
    /// The tips this process showed, each with whether the service recorded its display: none is shown twice, even
    /// when its display could not be recorded (under a testing switch, say), until `ResetAllTips` makes the service
    /// forget a display it had recorded.
    var notified: [String: Bool] = [:]
    var showing: [String: Showing] = [:]
    var busy = false
    var evaluateAgain = false
    var evaluationScheduled = false
    var lastWait: WaitReason?
    var pendingOutcomeCalls = 0
    var finished = false
    var roleKnown = false
    var outcomeTimerStarted = false
    var evaluatedOnce = false

    /// Prepares the notifier on `connection`, attached to `loop`, following the opt-out file at `settingsPath`.
    ///
    /// - Throws: `NotifierError` when the opt-out file cannot be followed or the alarm cannot be made.
    public init(
        connection: DBusConnection, loop: any DBusEventLoop, settingsPath: String, configuration: Configuration
    ) throws(NotifierError) {
        self.connection = connection
        self.loop = loop
        self.configuration = configuration
        router = SignalRouter(connection: connection)
        do {
            settings = try SettingsFollower(path: settingsPath, loop: loop)
        } catch {
            throw NotifierError(description: error.description)
        }
        conditions.settingsPath = settingsPath
    }

    /// Follows the service, the notification server, presence and silence, asks for `org.feels.TipsNotifier`, and
    /// schedules the first evaluation.
    ///
    /// - Throws: `NotifierError` when the bus refuses a match rule or the name request.
    public func start() throws(NotifierError) {
        do {
            alarm = try WallClockAlarm(loop: loop) { [weak self] _ in self?.scheduleEvaluation() }
            try followService()
            try followDesktop()
            settings.onChange = { [weak self] in self?.settingsChanged() }
            try requestRole()
        } catch let error as DBusError {
            throw NotifierError(description: error.description)
        } catch let error as WallClockAlarmError {
            throw NotifierError(description: error.description)
        } catch {
            throw NotifierError(description: "\(error)")
        }
        scheduleEvaluation()
    }

    /// Also follows logind's `LockedHint` of the user's session, on a connection to the system bus.
    ///
    /// - Throws: `DBusError` when logind cannot say; presence then rests on the screen savers alone.
    public func followSessionLock(sessionID: String?, systemBus: DBusConnection) throws(DBusError) {
        let router = SignalRouter(connection: systemBus)
        try presence?.followSessionLock(sessionID: sessionID, systemBus: systemBus, router: router)
        systemRouter = router
    }

    /// The session logind says the user is in, once followed.
    public var sessionPath: String? { presence?.sessionPath }

    /// Whether GNOME's `show-banners` is followed: in a GNOME session (`XDG_CURRENT_DESKTOP`), with its schema
    /// installed.
    public var followsGNOMEBanners: Bool { banners != nil }

    // MARK: - Following

    private func followService() throws(DBusError) {
        let sender = Self.service.rawValue
        let path = Self.servicePath.rawValue
        let interface = Self.serviceInterface.rawValue
        try router.add(SignalRule(sender: sender, path: path, interface: interface, member: "TipStatusChanged")) {
            [weak self] message in
            guard let arguments = try? message.arguments, arguments.count == 2,
                arguments[1].stringValue == "available"
            else { return }
            self?.scheduleEvaluation()
        }
        try router.add(SignalRule(sender: sender, path: path, interface: interface, member: "TipChanged")) {
            [weak self] message in
            guard let arguments = try? message.arguments, arguments.count == 2,
                arguments[1].vardictValue?["should_display"]?.boolValue == true
            else { return }
            self?.scheduleEvaluation()
        }
        try router.add(.propertiesChanged(sender: sender, path: path)) { [weak self] message in
            guard let arguments = try? message.arguments, arguments.count >= 2, arguments[0].stringValue == interface,
                arguments[1].vardictValue?["NextDisplayTime"] != nil
            else { return }
            self?.scheduleEvaluation()
        }
        let owner = try BusNameFollower(name: sender, connection: connection, router: router)
        owner.onChange = { [weak self] owner in
            guard let self else { return }
            self.onEvent(owner.map { .serviceAppeared(owner: $0) } ?? .serviceVanished)
            guard owner != nil else { return }
            self.lastWait = nil
            self.scheduleEvaluation()
        }
        serviceOwner = owner
    }

    private func followDesktop() throws(DBusError) {
        let server = try NotificationServerWatch(connection: connection, router: router)
        server.onChange = { [weak self] in self?.scheduleEvaluation() }
        server.onOwnerChange = { [weak self] owner in
            guard let self else { return }
            self.onEvent(owner.map { .serverAppeared(owner: $0) } ?? .serverVanished)
            if owner != nil { self.lastWait = nil }
        }
        self.server = server
        let presence = try PresenceWatch(sessionBus: connection, router: router)
        presence.onChange = { [weak self] _ in self?.scheduleEvaluation() }
        self.presence = presence
        // Only GNOME reads show-banners; elsewhere GSettings would start dconf's worker thread for nothing.
        let desktops = ProcessEnvironment.value("XDG_CURRENT_DESKTOP")?.split(separator: ":") ?? []
        banners = desktops.contains("GNOME") ? GNOMEBannerSetting() : nil
        banners?.onChange = { [weak self] _ in self?.scheduleEvaluation() }
    }

    private func requestRole() throws(DBusError) {
        let name = Self.busName.rawValue
        try router.add(
            SignalRule(
                sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameAcquired", firstArgument: name, needsMatchRule: false)
        ) { [weak self] _ in self?.setActive(true) }
        try router.add(
            SignalRule(
                sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameLost", firstArgument: name, needsMatchRule: false)
        ) { [weak self] _ in self?.setActive(false) }
        // --once never queues: it has no later in which to take over.
        switch try connection.requestName(Self.busName, flags: configuration.once ? [.doNotQueue] : []) {
        case .primaryOwner, .alreadyOwner: setActive(true)
        case .inQueue: setActive(false)
        case .exists:
            onEvent(.anotherNotifierIsActive)
            finish()
        }
    }

    private func setActive(_ active: Bool) {
        // The reply to RequestName and the NameAcquired signal both say so: announce the role once.
        guard !roleKnown || active != conditions.isActive else { return }
        roleKnown = true
        conditions.isActive = active
        onEvent(active ? .becameActive : .standingBy)
        if active { lastWait = nil }
        scheduleEvaluation()
    }

    private func settingsChanged() {
        if let problem = settings.problem {
            onEvent(.problem(problem.description))
        } else {
            onEvent(.settingsChanged(enabled: settings.enabled, path: settings.path))
        }
        lastWait = nil
        scheduleEvaluation()
    }

    func refreshConditions() {
        conditions.isEnabled = settings.enabled
        conditions.settingsProblem = settings.problem?.description
        conditions.absence = presence?.absence
        conditions.server = server?.availability ?? .absent
        if server?.isInhibited == true {
            conditions.silencer = .serverInhibited
        } else if server?.isPaused == true {
            conditions.silencer = .serverPaused
        } else if banners?.showsBanners == false {
            conditions.silencer = .gnomeBannersOff
        } else {
            conditions.silencer = nil
        }
    }
}

/// The notifier could not start.
public struct NotifierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}
