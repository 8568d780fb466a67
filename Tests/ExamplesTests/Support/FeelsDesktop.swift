import BusTestSupport
import DBus
import Foundation
import TipsInterface

/// examples/feels-gtk as a user has it: installed by its Makefile into a folder of its own, on an X server of its
/// own (Xvfb: no window manager, no compositor, which GTK 4's popovers need neither of), on a private bus whose
/// activation files start the real `feels-tipsd` and the app.
///
/// The app says what it shows in the report file `FEELS_GTK_REPORT` names, one JSON object a line; the test reads
/// it, presses the tip's buttons where the report places them (xdotool, a real pointer on the X server), and asks
/// the service what was recorded. Everything it starts is stopped when it is released.
final class FeelsDesktop {
    static let appName: BusName = "org.feels.Feels"
    /// The object a GApplication serves `org.freedesktop.Application` at.
    static let appPath: ObjectPath = "/org/feels/Feels"

    let folder: TemporaryFolder
    /// The install prefix: bin/feels-gtk, share/applications/org.feels.Feels.desktop, share/dbus-1/services, ….
    let prefix: URL
    let display: String
    let bus: TestBus
    let client: DBusConnection
    /// The environment the app runs in, from the bus (activated) or from the test (launched).
    let environment: [String: String?]
    private let xvfb: ChildProcess
    /// The screen's bottom right corner, where the pointer waits.
    private let corner: (Int, Int)
    private var launched: ChildProcess?
    private let reportPath: String

    /// Installs the app, starts Xvfb and the bus.
    ///
    /// - Parameters:
    ///   - serviceArguments: Further arguments for `feels-tipsd` when the bus starts it (`--display-frequency`).
    ///   - environment: Variables for the bus, and so for what it starts (the service's translations, say).
    ///   - screen: The size of the X screen.
    init(
        serviceArguments: [String] = [], environment extra: [String: String?] = [:], screen: (Int, Int) = (1280, 900)
    ) throws {
        folder = try TemporaryFolder()
        prefix = folder.url.appendingPathComponent("prefix")
        let install = try runTool(
            "make",
            [
                "-C", Example.path("feels-gtk"), "install", "PREFIX=\(prefix.path)",
                "BUILDDIR=\(folder.path("build"))",
            ], timeout: .seconds(60))
        guard install.status == 0 else {
            throw CommandFailed(command: "make install", output: install.stdout + install.stderr)
        }

        xvfb = try ChildProcess(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "\(screen.0)x\(screen.1)x24", "-nolisten", "tcp"])
        guard let number = xvfb.readLine(timeout: .seconds(20)), Int(number) != nil else {
            throw ChildProcessError.timedOut("Xvfb to say its display: \(xvfb.lines(of: .standardError))")
        }
        display = ":\(number)"
        corner = (screen.0 - 1, screen.1 - 1)
        // The pointer starts in the middle of the screen, where popovers appear: away with it, to the corner.
        _ = try runTool("xdotool", ["mousemove", "--sync", "\(corner.0)", "\(corner.1)"], env: ["DISPLAY": display])

        let services = folder.url.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let tipsd = try builtProduct("feels-tipsd")
        let exec = ([tipsd, "--datastore", folder.path("tips.sqlite")] + serviceArguments).joined(separator: " ")
        try "[D-BUS Service]\nName=\(Tips1.busName.rawValue)\nExec=\(exec)\n".write(
            to: services.appendingPathComponent("\(Tips1.busName.rawValue).service"), atomically: true, encoding: .utf8)

        reportPath = folder.path("report.jsonl")
        var environment: [String: String?] = [
            "DISPLAY": display, "FEELS_GTK_REPORT": reportPath, "XDG_CONFIG_HOME": folder.path("config"),
            "XDG_DATA_HOME": folder.path("data"), "XDG_DATA_DIRS": "\(prefix.path)/share:/usr/share",
            "XDG_RUNTIME_DIR": folder.path("runtime"), "GSETTINGS_BACKEND": "memory", "GTK_A11Y": "none",
            "LANG": "C.UTF-8", "LANGUAGE": nil, "LC_ALL": nil, "LC_MESSAGES": nil, "WAYLAND_DISPLAY": nil,
        ]
        try FileManager.default.createDirectory(
            atPath: folder.path("runtime"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for (name, value) in extra { environment[name] = value }
        self.environment = environment
        bus = try TestBus(
            serviceDirectories: [services, prefix.appendingPathComponent("share/dbus-1/services")],
            environment: environment)
        client = try DBusConnection(address: bus.address)
    }

    deinit {
        stop(Self.appName)
        launched?.terminate()
        stop(Tips1.busName)
        client.close()
        bus.stop()
        xvfb.terminate()
    }

    /// The installed app's desktop entry.
    var desktopEntry: String { prefix.appendingPathComponent("share/applications/org.feels.Feels.desktop").path }

    // MARK: - The app

    /// Starts the installed app as a launcher without D-Bus activation would, in the bus's environment and `extra`.
    func launch(environment extra: [String: String?] = [:]) throws {
        launched = try start([prefix.appendingPathComponent("bin/feels-gtk").path], environment: extra)
    }

    /// Launches the installed desktop entry as GNOME Shell's dash does, with `gtk4-launch org.feels.Feels`: the entry
    /// is DBusActivatable, so the launcher activates the app over the bus, which starts it from its activation file.
    func launchDesktopEntry() throws {
        var environment = self.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let launch = try runTool("gtk4-launch", [Self.appName.rawValue], env: environment)
        guard launch.status == 0 else { throw CommandFailed(command: "gtk4-launch", output: launch.stderr) }
    }

    /// Quits the app through its `quit` action, as its menu's Quit does, and waits up to 10 s until it has left the
    /// bus.
    func quitApp() throws {
        try client.call(
            destination: Self.appName, path: Self.appPath, interface: "org.freedesktop.Application",
            member: "ActivateAction", arguments: [.string("quit"), .array(.variant, []), .vardict([:])],
            timeout: .seconds(10))
        let deadline = ContinuousClock.now + .seconds(10)
        while owner(of: Self.appName) != nil {
            guard ContinuousClock.now < deadline else {
                throw CommandFailed(command: "quit", output: "the app runs on")
            }
            usleep(20_000)
        }
    }

    /// Starts `command` on the display and the bus, in the bus's environment and `extra`; it is the caller's to stop.
    func start(_ command: [String], environment extra: [String: String?] = [:]) throws -> ChildProcess {
        var environment = self.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        for (name, value) in extra { environment[name] = value }
        return try ChildProcess(command[0], Array(command.dropFirst()), environment: environment)
    }

    /// Sends `show-tip` to the app as the notifier does: `org.freedesktop.Application.ActivateAction("show-tip",
    /// [<id>], {"activation-token": <token>})` on `/org/feels/Feels`, through `gdbus`; the bus starts the app if
    /// it does not run.
    func showTip(_ id: String, activationToken: String) throws {
        let result = try runTool(
            "gdbus",
            [
                "call", "--address", bus.address, "--dest", Self.appName.rawValue, "--object-path",
                Self.appPath.rawValue, "--method", "org.freedesktop.Application.ActivateAction", "show-tip",
                "[<'\(id)'>]",
                "{'activation-token': <'\(activationToken)'>}",
            ])
        guard result.status == 0 else { throw CommandFailed(command: "gdbus", output: result.stderr) }
    }

    /// Every event the app reported so far, in order.
    var events: [[String: Any]] {
        guard let text = try? String(contentsOfFile: reportPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The first event named `name` after the first `after` events for which `matching` holds, waiting up to 30 s
    /// for the app to report it.
    func waitForEvent(
        _ name: String, after: Int = 0, timeout: Duration = .seconds(30),
        matching: ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = events.dropFirst(after).first(where: { $0["event"] as? String == name && matching($0) }) {
                return found
            }
            guard ContinuousClock.now < deadline else {
                throw AppDidNotReport(event: name, report: events, log: launched?.lines(of: .standardError) ?? bus.log)
            }
            usleep(20_000)
        }
    }

    /// The first `tip-shown` event for the tip `id` after the first `after` events.
    func waitForTip(_ id: String, after: Int = 0) throws -> ShownTip {
        ShownTip(try waitForEvent("tip-shown", after: after) { $0["tip"] as? String == id })
    }

    /// Presses a tip's button (`close` or `action`) with the X server's pointer, where the `tip-shown` event placed it.
    func press(_ button: String, of shown: ShownTip) throws {
        guard let window = shown.window, let point = shown.event["\(button)_at"] as? [Int], point.count == 2 else {
            throw AppDidNotReport(event: "\(button)_at", report: [shown.event], log: [])
        }
        // From the corner of the screen, where no window of the app reaches: GTK 4.8 on X11 at times misses a click
        // on a popover that was mapped under the pointer when the pointer comes to it without leaving it first.
        try xdotool([
            "mousemove", "--sync", "\(corner.0)", "\(corner.1)", "mousemove", "--sync", "--window", "\(window)",
            "\(point[0])", "\(point[1])", "click", "1",
        ])
    }

    /// Runs `xdotool` on the display: the X server's pointer and keyboard, as a user's.
    func xdotool(_ arguments: [String]) throws {
        let result = try runTool("xdotool", arguments, env: ["DISPLAY": display])
        guard result.status == 0 else { throw CommandFailed(command: "xdotool", output: result.stderr) }
    }

    // MARK: - The bus

    /// The contract's client of `org.feels.Tips1`, as another app would call it; the bus starts the service for the
    /// first call.
    var tips: Tips1Client { Tips1Client(connection: client, timeout: .seconds(20)) }

    /// A tip as the service has it, through `GetTips`; its words in the service's English.
    func tip(_ id: String) throws -> Tips1.Tip {
        guard let tip = try tips.getTips(ids: [id]).first else {
            throw DBusError.invalidMessage("GetTips answered no tip for '\(id)'")
        }
        return tip
    }

    /// The process that owns `name` on the bus, if any.
    func owner(of name: BusName) -> Int32? {
        let reply = try? client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", arguments: [.string(name.rawValue)], timeout: .seconds(5))
        return reply?.first?.uint32Value.map { Int32(bitPattern: $0) }
    }

    /// Stops the process owning `name` (SIGTERM, then SIGKILL after 5 s); the bus, its parent when it started it,
    /// reaps it.
    private func stop(_ name: BusName) {
        guard let pid = owner(of: name) else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while ActivatingBus.isAlive(pid) && ContinuousClock.now < deadline { usleep(10_000) }
        if ActivatingBus.isAlive(pid) { kill(pid, SIGKILL) }
    }
}

/// The arguments `pid` runs with, from /proc.
func commandLine(of pid: Int32) throws -> [String] {
    let raw = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
    return raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
}

/// A tip the app showed, as its report's `tip-shown` event says: where, how, with which words and buttons.
struct ShownTip {
    /// The event as the app wrote it.
    let event: [String: Any]

    init(_ event: [String: Any]) {
        self.event = event
    }

    /// The tip's id.
    var id: String? { event["tip"] as? String }
    /// The view it shows in, named by its location.
    var view: String? { event["view"] as? String }
    /// `popover` or `inline`.
    var presentation: String? { event["presentation"] as? String }
    /// The widget of the view it points at.
    var anchor: String? { event["anchor"] as? String }
    /// The app's own line on what the Apple feature the tip promises is on Linux.
    var onLinux: String? { event["on_linux"] as? String }
    /// The label of its action button.
    var action: String? { event["action"] as? String }
    /// The X11 window holding it.
    var window: Int? { event["window"] as? Int }

    // The report names the words as the service's tip names them.

    /// The title shown.
    var title: String? { event[Tips1.Tip.Key.title.rawValue] as? String }
    /// The message shown.
    var message: String? { event[Tips1.Tip.Key.message.rawValue] as? String }
    /// The language the service said the words are in ('' for the seed's English).
    var language: String? { event[Tips1.Tip.Key.language.rawValue] as? String }
}

/// The app did not report what a test waited for.
struct AppDidNotReport: Error, CustomStringConvertible {
    let event: String
    let report: [String]
    let log: [String]

    init(event: String, report: [[String: Any]], log: [String]) {
        self.event = event
        self.report = report.map { "\($0)" }
        self.log = log
    }

    var description: String {
        "The app reported no '\(event)'. Its report:\n" + report.joined(separator: "\n") + "\nIts log:\n"
            + log.joined(separator: "\n")
    }
}

/// A command the test ran failed.
struct CommandFailed: Error, CustomStringConvertible {
    let command: String
    let output: String
    var description: String { "\(command) failed: \(output)" }
}
