import BusTestSupport
import DBus
import Foundation

/// A real Xfce notification server: xfce4-notifyd 0.7 with an xfconfd of its own, drawing on an Xvfb display of its
/// own, on a private bus, with the accessibility bus that lets a test read its windows as a screen reader does.
///
/// What it shows is read back from the screen (each window's title, message and buttons, through AT-SPI) and from
/// xfce4-notifyd's own log (every notification it took, with its action ids); a test clicks it with xdotool as a
/// user's mouse would, and switches do-not-disturb with `xfconf-query`, as Xfce's settings do.
final class XfceNotifyServer {
    static let name: BusName = "org.freedesktop.Notifications"
    static let xfconfName: BusName = "org.xfce.Xfconf"
    static let xfconfPath: ObjectPath = "/org/xfce/Xfconf"
    static let xfconfInterface: InterfaceName = "org.xfce.Xfconf"
    /// xfce4-notifyd's xfconf channel.
    static let channel = "xfce4-notifyd"
    /// The property that holds do-not-disturb, a boolean.
    static let doNotDisturbProperty = "/do-not-disturb"
    /// Its application name in the accessibility tree.
    static let accessibleName = "xfce4-notifyd"
    private static let libexec = "/usr/lib/x86_64-linux-gnu/xfce4"

    /// The X display xfce4-notifyd draws on.
    let display: XvfbDisplay
    private let address: String
    private let folder: TemporaryFolder
    private let accessibility: AccessibilityBus
    private let xfconfd: ChildProcess
    private let notifyd: ChildProcess
    private let client: DBusConnection

    /// One notification window as it is on screen.
    struct Window {
        /// The whole window.
        let frame: OnScreenWidget
        /// Its labels, top to bottom: the title, then the message.
        let labels: [OnScreenWidget]
        /// Its buttons, left to right: one for each action that has a label.
        let buttons: [OnScreenWidget]

        var summary: String? { labels.first?.name }
        var body: String? { labels.dropFirst().first?.name }
        var buttonLabels: [String] { buttons.map(\.name) }

        /// The button labelled `label`.
        func button(_ label: String) throws -> OnScreenWidget {
            guard let button = buttons.first(where: { $0.name == label }) else {
                throw FixtureFailure("no button '\(label)' on the notification; it has \(buttonLabels)")
            }
            return button
        }
    }

    /// Starts Xvfb, the accessibility bus, xfconfd and xfce4-notifyd, and waits until xfce4-notifyd owns
    /// `org.freedesktop.Notifications`.
    ///
    /// xfce4-notifyd is set as a user would in its settings, before it starts, as `scripts/desktops` sets it
    /// (`scripts/lib/desktops/xfce4-notifyd.xml`): no fading or sliding (windows appear and go at once),
    /// notifications expire after ten minutes when the sender leaves it to the server, and every notification is
    /// logged.
    init(address: String) throws {
        self.address = address
        folder = try TemporaryFolder()
        display = try XvfbDisplay()
        accessibility = try AccessibilityBus(address: address, display: display.name)
        let channels = folder.url.appendingPathComponent("config/xfce4/xfconf/xfce-perchannel-xml")
        try FileManager.default.createDirectory(at: channels, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: RepositoryScript.path("desktops/xfce4-notifyd.xml"),
            toPath: channels.appendingPathComponent("xfce4-notifyd.xml").path)
        let environment: [String: String?] = [
            "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": address,
            "XDG_CONFIG_HOME": folder.url.path + "/config", "XDG_CACHE_HOME": folder.url.path + "/cache",
            "NO_AT_BRIDGE": nil, "LC_ALL": "C.UTF-8",
        ]
        client = try DBusConnection(address: address)
        xfconfd = try ChildProcess("\(Self.libexec)/xfconf/xfconfd", [], environment: environment)
        try waitForOwner(Self.xfconfName, of: xfconfd, on: client, what: "xfconfd")
        notifyd = try ChildProcess("\(Self.libexec)/notifyd/xfce4-notifyd", [], environment: environment)
        try waitForOwner(Self.name, of: notifyd, on: client, what: "xfce4-notifyd")
    }

    deinit {
        client.close()
        notifyd.terminate()
        xfconfd.terminate()
    }

    /// The notification windows on screen now, top to bottom.
    func windows() throws -> [Window] {
        let widgets = try accessibility.widgets(of: Self.accessibleName)
        return widgets.filter { $0.role == "frame" }.sorted { $0.y < $1.y }.map { frame in
            let inside = widgets.filter { $0 != frame && frame.encloses($0) }
            return Window(
                frame: frame, labels: inside.filter { $0.role == "label" }.sorted { $0.y < $1.y },
                buttons: inside.filter { $0.role == "push button" }.sorted { $0.x < $1.x })
        }
    }

    /// Waits until `count` notification windows are on screen.
    ///
    /// - Returns: The windows, or what is on screen when the wait ended.
    @discardableResult
    func waitForWindows(_ count: Int, timeout: Duration = .seconds(10)) throws -> [Window] {
        var shown: [Window] = []
        _ = try eventually(timeout: timeout) {
            shown = try windows()
            return shown.count == count
        }
        return shown
    }

    /// Clicks a window's message, away from its buttons, as a user clicks a notification.
    func clickBody(of window: Window) throws {
        let target = window.labels.last ?? window.frame
        try display.click(x: target.center.x, y: target.center.y)
    }

    /// Presses the button labelled `label` on a window.
    func press(_ label: String, on window: Window) throws {
        let button = try window.button(label)
        try display.click(x: button.center.x, y: button.center.y)
    }

    /// One notification xfce4-notifyd took, from its log: `app_name` (the desktop entry when the sender named one),
    /// `summary`, `body`, `app_icon`, `expire-timeout`, and `action-id-N`/`action-label-N` for each action.
    typealias LogEntry = [String: String]

    /// Every notification xfce4-notifyd logged, oldest first; it logs those it shows and, under do-not-disturb,
    /// those it keeps off the screen.
    func logged() throws -> [LogEntry] {
        let file = folder.url.appendingPathComponent("cache/xfce4/notifyd/log")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        var entries: [LogEntry] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("[") {
                entries.append([:])
            } else if let equals = line.firstIndex(of: "="), !entries.isEmpty {
                entries[entries.count - 1][String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return entries
    }

    /// Sends a notification as any other app does, with `notify-send`, and returns once xfce4-notifyd took it.
    func notifySend(_ summary: String) throws {
        let sent = try runTool("notify-send", [summary], env: ["DBUS_SESSION_BUS_ADDRESS": address])
        guard sent.status == 0 else {
            throw FixtureFailure("notify-send failed (\(sent.status)): \(sent.stderr)")
        }
    }

    /// Switches do-not-disturb with `xfconf-query`, as Xfce's notification settings and its panel plugin do.
    func setDoNotDisturb(_ on: Bool) throws {
        let result = try runTool(
            "xfconf-query",
            ["-c", Self.channel, "-p", Self.doNotDisturbProperty, "-n", "-t", "bool", "-s", on ? "true" : "false"],
            env: ["DBUS_SESSION_BUS_ADDRESS": address])
        guard result.status == 0 else {
            throw FixtureFailure("xfconf-query failed (\(result.status)): \(result.stderr)")
        }
    }

    /// Do-not-disturb as xfconfd answers `org.xfce.Xfconf.GetProperty`; `nil` while it was never set.
    func doNotDisturb() throws -> Bool? {
        do throws(DBusError) {
            let reply = try client.call(
                destination: Self.xfconfName, path: Self.xfconfPath, interface: Self.xfconfInterface,
                member: "GetProperty",
                arguments: [.string(Self.channel), .string(Self.doNotDisturbProperty)], timeout: .seconds(10))
            return reply.first?.variantValue?.boolValue
        } catch {
            guard case .remote(let name, _) = error, name == "org.xfce.Xfconf.Error.PropertyNotFound" else {
                throw error
            }
            return nil
        }
    }
}
