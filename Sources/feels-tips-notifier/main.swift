import DBus
import FeelsSystem
import Glibc
import TipsNotifier

// feels-tips-notifier: wiring and logging only. What it follows and decides lives in TipsNotifier.

let log = ProcessLog(program: "feels-tips-notifier")

let options: NotifierOptions
do {
    options = try NotifierOptions(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    log.usage(error.description)
    exit(2)
}

switch options.action {
case .help:
    print(NotifierOptions.help)
    exit(0)
case .version:
    print("feels-tips-notifier \(FeelsTipsVersion.current)")
    exit(0)
case .run:
    break
}

// GSettings' dconf backend opens the session bus on its own, from DBUS_SESSION_BUS_ADDRESS: one bus for everything.
if let address = options.address {
    setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
}

let messages = MessageCatalog()
// The user's languages, as the desktop gives them: the tips' words are asked in them, whatever the service's are.
let languages = LanguageName.fromEnvironment(ProcessEnvironment.values(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]))
let settingsPath: String
do {
    settingsPath = try NotificationSettings.defaultPath(
        environment: ProcessEnvironment.values(["XDG_CONFIG_HOME", "HOME"]))
} catch {
    log.error("\(error)")
    exit(1)
}

let connection: DBusConnection
do {
    connection = try DBusConnection.session()
} catch {
    log.error("\(error)")
    exit(1)
}
let loop = GLibLoop()
connection.attach(to: loop)
let notifier: TipNotifier
do {
    notifier = try TipNotifier(
        connection: connection, loop: loop, settingsPath: settingsPath,
        environment: ProcessEnvironment.values(["XDG_CURRENT_DESKTOP", "XDG_DATA_HOME", "XDG_DATA_DIRS", "HOME"]),
        configuration: TipNotifier.Configuration(
            once: options.once, outcomeWait: .seconds(5), languages: languages.map(\.text),
            translate: { messages.translate($0) }))
} catch {
    log.error("\(error)")
    exit(1)
}

notifier.onEvent = { event in
    switch event {
    case .shown, .shownAgain, .handedToApp, .withdrawn, .replaced, .turnedOffFromNotification, .settingsChanged,
        .becameActive,
        .standingBy, .appStarted:
        log.notice(event.description)
    case .notifyFailed, .notifyUnanswered, .appActivationFailed, .problem:
        log.warning(event.description)
    case .anotherNotifierIsActive, .waiting, .withdrawalPending, .clickedWithoutApp, .closed, .serviceAppeared,
        .serviceVanished,
        .serverAppeared, .serverVanished:
        log.info(event.description)
    }
}
var exitStatus: Int32 = 0
notifier.onFinished = { loop.stop() }
connection.onDisconnected = {
    log.error("Lost the connection to the bus, exiting")
    exitStatus = 1
    loop.stop()
}
for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
    loop.addSignalHandler(signal) {
        log.info("Received \(name), exiting")
        // Withdraws what is on screen, then finishes (onFinished stops the loop) once libnotify's thread has made those
        // calls, or a moment later when it is stuck in a call to a hung server; the bus's calls go out with the flush
        // below.
        notifier.stop()
    }
}
for (signal, name) in [(SIGHUP, "SIGHUP"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2")] {
    loop.addSignalHandler(signal) {
        log.info("Received \(name); feels-tips-notifier re-reads its settings by itself, ignoring")
    }
}

log.info(
    "Started as \(connection.uniqueName)\(options.once ? " for one look" : ""): settings '\(settingsPath)', "
        + "languages '\(languages.map(\.text).joined(separator: ":"))'")
do {
    try notifier.start()
} catch {
    log.error("Failed to start: \(error)")
    exit(1)
}
if let entry = notifier.followedGNOMEEntry {
    log.info("Following GNOME's notification settings, and those of '\(entry)'")
} else {
    log.info("Not a GNOME session, or GNOME's notification settings are not installed; not following them")
}

// logind's LockedHint is on the system bus: followed when it is there, and the screen savers suffice when not.
var systemBus: DBusConnection?
do {
    let bus = try DBusConnection(
        address: ProcessEnvironment.value("DBUS_SYSTEM_BUS_ADDRESS") ?? "unix:path=/run/dbus/system_bus_socket")
    bus.attach(to: loop)
    bus.onDisconnected = { log.warning("Lost the connection to the system bus; no longer following logind") }
    try notifier.followSessionLock(sessionID: ProcessEnvironment.value("XDG_SESSION_ID"), systemBus: bus) { result in
        switch result {
        case .success(let session): log.info("Following logind's LockedHint of session '\(session)'")
        case .failure(let error): log.info("Not following logind's LockedHint: \(error)")
        }
    }
    systemBus = bus
} catch {
    log.info("Not following logind's LockedHint: \(error)")
}

loop.run()
systemBus?.close()
connection.close()
log.flush()
exit(exitStatus)
