import BusTestSupport
import DBus
import Foundation

/// The desktop's notifications for a ``FeelsDesktop``: dunst, a real notification server, drawing on the app's X
/// display and serving `org.freedesktop.Notifications` on its bus; and the real `feels-tips-notifier`, which finds
/// the installed app by its desktop entry in the desktop's `XDG_DATA_DIRS`.
///
/// Both are stopped when it is released.
final class DesktopNotifications {
    static let serverName: BusName = "org.freedesktop.Notifications"

    private let desktop: FeelsDesktop
    private let dunst: ChildProcess
    private var notifier: ChildProcess?

    /// Starts dunst and waits until it owns `org.freedesktop.Notifications`.
    ///
    /// Its configuration is ``DunstConfiguration``'s, at the screen's top right: the mouse as dunst's defaults, and
    /// normal urgency for an hour, so a notification is on screen until something closes it.
    init(on desktop: FeelsDesktop) throws {
        self.desktop = desktop
        let config = desktop.folder.url.appendingPathComponent("dunstrc")
        try DunstConfiguration.text(placement: ["origin": "top-right", "offset": "24x24"])
            .write(to: config, atomically: true, encoding: .utf8)
        dunst = try ChildProcess(
            "dunst", ["-config", config.path],
            environment: [
                "DISPLAY": desktop.display, "DBUS_SESSION_BUS_ADDRESS": desktop.bus.address,
                "XDG_CONFIG_HOME": desktop.folder.path("dunst-config"),
            ])
        let deadline = ContinuousClock.now + .seconds(20)
        while desktop.owner(of: Self.serverName) == nil {
            guard dunst.isRunning, ContinuousClock.now < deadline else {
                throw CommandFailed(command: "dunst", output: dunst.lines(of: .standardError).joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    deinit {
        notifier?.terminate()
        dunst.terminate()
    }

    // MARK: - The notifier

    /// Starts `feels-tips-notifier` as a session starts it: the desktop's bus and data folders (where the app's
    /// entry is), a system bus that leads nowhere (so the machine's logind decides nothing), English.
    func startNotifier() throws {
        var environment = desktop.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = desktop.bus.address
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(desktop.folder.path("no-system-bus"))"
        for name in ["XDG_CURRENT_DESKTOP", "XDG_SESSION_ID", "JOURNAL_STREAM", "FEELS_GTK_REPORT"] {
            environment.updateValue(nil, forKey: name)
        }
        notifier = try ChildProcess(
            try builtProduct("feels-tips-notifier"), ["--address", desktop.bus.address], environment: environment)
    }

    /// Every line the notifier logged so far.
    var notifierLog: [String] { notifier?.lines(of: .standardError) ?? [] }

    /// Waits up to `timeout` for the notifier to log a line containing `text` after its first `after` lines, and
    /// returns the line.
    @discardableResult
    func waitForNotifier(_ text: String, after: Int = 0, timeout: Duration = .seconds(30)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let line = notifierLog.dropFirst(after).first(where: { $0.contains(text) }) { return line }
            guard let notifier, notifier.isRunning, ContinuousClock.now < deadline else {
                throw CommandFailed(
                    command: "feels-tips-notifier (waiting for '\(text)')", output: notifierLog.joined(separator: "\n"))
            }
            _ = notifier.readLine(from: .standardError, timeout: .milliseconds(200))
        }
    }

    // MARK: - The server

    /// How many notifications dunst shows now (`dunstctl count displayed`).
    func displayed() throws -> Int {
        let result = try dunstctl(["count", "displayed"])
        guard result.status == 0, let count = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CommandFailed(command: "dunstctl count displayed", output: result.stdout + result.stderr)
        }
        return count
    }

    /// The summaries of the notifications dunst closed, newest first (`dunstctl history`).
    func closedSummaries() throws -> [String] {
        let result = try dunstctl(["history"])
        guard result.status == 0,
            let history = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any],
            let entries = (history["data"] as? [[[String: Any]]])?.first
        else { throw CommandFailed(command: "dunstctl history", output: result.stdout + result.stderr) }
        return entries.compactMap { ($0["summary"] as? [String: Any])?["data"] as? String }
    }

    /// Waits up to 10 s until dunst shows `count` notifications.
    func waitUntilDisplayed(_ count: Int) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try displayed() != count {
            guard ContinuousClock.now < deadline else {
                throw CommandFailed(command: "dunst (showing \(count))", output: "it shows \(try displayed())")
            }
            usleep(20_000)
        }
    }

    /// Clicks the notification on screen with a mouse `button` (1 left, 2 middle, 3 right) as a user does: the X
    /// server's pointer moves onto dunst's window, and the button goes down and up there.
    func click(button: Int) throws {
        // dunst maps its window once it has drawn, a moment after it answered Notify.
        let deadline = ContinuousClock.now + .seconds(10)
        var shown = try ViewableWindow.ofClass("Dunst", on: desktop.display).first
        while shown == nil {
            guard ContinuousClock.now < deadline else {
                throw CommandFailed(command: "dunst", output: "shows no window to click")
            }
            usleep(50_000)
            shown = try ViewableWindow.ofClass("Dunst", on: desktop.display).first
        }
        guard let window = shown else { return }
        try desktop.xdotool([
            "mousemove", "--sync", "\(window.x + window.width / 2)", "\(window.y + window.height / 2)", "click",
            "\(button)",
        ])
    }

    /// Runs `dunstctl` on the desktop's bus, as a user's keyboard shortcut would (`dunstctl action 0`, say).
    @discardableResult
    func dunstctl(_ arguments: [String]) throws -> ToolResult {
        try runTool("dunstctl", arguments, env: ["DBUS_SESSION_BUS_ADDRESS": desktop.bus.address])
    }
}
