import DBus
import FeelsSystem
import Glibc

/// `feels-tips-notifier` while it runs: its connections, the GLib loop serving them, and the notifier.
///
/// The executable makes one from its main function and calls its steps in order, so that the loop's handlers keep
/// their state here rather than in `main.swift`'s globals, which Swift 6 makes the main actor's.
public final class RunningNotifier {
    let options: NotifierOptions
    let log: ProcessLog
    let languages: [LanguageName]
    let settingsPath: String
    let connection: DBusConnection
    let loop: GLibLoop
    let notifier: TipNotifier
    var systemBus: DBusConnection?
    /// The status the process exits with: 0 unless the bus was lost.
    public private(set) var exitStatus: Int32 = 0

    /// Makes `address`, when given, the session bus of everything in the process; call before anything connects.
    ///
    /// GSettings' dconf backend opens the session bus on its own, from `DBUS_SESSION_BUS_ADDRESS`: one bus for
    /// everything.
    public static func useOneSessionBus(address: String?) {
        if let address {
            setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        }
    }

    /// Connects to the session bus and makes the notifier on it, worded in the user's languages, following the
    /// opt-out file at its default path.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - log: Where every event is logged.
    /// - Throws: ``NotifierError`` when there is no settings path, no session bus, or no notifier.
    public init(options: NotifierOptions, log: ProcessLog) throws(NotifierError) {
        self.options = options
        self.log = log
        let messages = MessageCatalog()
        // The user's languages, as the desktop gives them: the tips' words are asked in them, whatever the service's
        // are.
        languages = LanguageName.fromEnvironment(
            ProcessEnvironment.values(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]))
        do {
            settingsPath = try NotificationSettings.defaultPath(
                environment: ProcessEnvironment.values(["XDG_CONFIG_HOME", "HOME"]))
        } catch {
            throw NotifierError(description: "\(error)")
        }
        do {
            connection = try DBusConnection.session()
        } catch {
            throw NotifierError(description: "\(error)")
        }
        loop = GLibLoop()
        connection.attach(to: loop)
        notifier = try TipNotifier(
            connection: connection, loop: loop, settingsPath: settingsPath,
            environment: ProcessEnvironment.values(["XDG_CURRENT_DESKTOP", "XDG_DATA_HOME", "XDG_DATA_DIRS", "HOME"]),
            configuration: TipNotifier.Configuration(
                once: options.once, outcomeWait: .seconds(5), languages: languages.map(\.text),
                translate: { messages.translate($0) }))
    }

    /// Stops the loop once the notifier has finished, and exits with status 1 when the connection to the bus is lost.
    public func stopWhenFinished() {
        notifier.onFinished = { [loop] in loop.stop() }
        connection.onDisconnected = { [self] in
            log.error("Lost the connection to the bus, exiting")
            exitStatus = 1
            loop.stop()
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
}
