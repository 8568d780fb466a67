import BusTestSupport
import DBus
import Foundation

/// A real notification server: dunst, drawing on an Xvfb display of its own, on a private bus.
final class DunstServer {
    static let name: BusName = "org.freedesktop.Notifications"
    static let path: ObjectPath = "/org/freedesktop/Notifications"
    static let dunstInterface: InterfaceName = "org.dunstproject.cmd0"

    /// The X display dunst draws on.
    let display: XvfbDisplay
    private let address: String
    private let dunst: ChildProcess
    private let folder: TemporaryFolder
    private let client: DBusConnection

    /// Starts Xvfb on a free display (it picks one and says which), then dunst, and waits until dunst owns
    /// `org.freedesktop.Notifications`.
    ///
    /// Its configuration is ``DunstConfiguration``'s: the mouse as dunst's defaults, each urgency's timeout telling
    /// which urgency dunst applied.
    init(address: String) throws {
        self.address = address
        folder = try TemporaryFolder()
        display = try XvfbDisplay()
        let config = folder.url.appendingPathComponent("dunstrc")
        try DunstConfiguration.text().write(to: config, atomically: true, encoding: .utf8)
        dunst = try ChildProcess(
            "dunst", ["-config", config.path],
            environment: [
                "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_CONFIG_HOME": folder.url.path,
            ])
        client = try DBusConnection(address: address)
        try waitForOwner(Self.name, of: dunst, on: client, what: "dunst")
    }

    deinit {
        client.close()
        dunst.terminate()
    }

    /// How many notifications dunst shows now.
    func displayedCount() throws -> UInt32 {
        try property("displayedLength").uint32Value ?? 0
    }

    /// The notifications dunst closed, newest first, each with dunst's fields (`summary`, `body`, `appname`,
    /// `category`, `urgency`, `icon_path`, …).
    func history() throws -> [[String: DBusValue]] {
        let reply = try client.call(
            destination: Self.name, path: Self.path, interface: Self.dunstInterface,
            member: "NotificationListHistory", timeout: .seconds(10))
        return reply.first?.arrayValue?.compactMap(\.vardictValue) ?? []
    }

    /// Invokes the default action of the newest notification, as dunst's "do action" does (`dunstctl action`):
    /// dunst sends `ActionInvoked(id, "default")` and keeps the notification on screen.
    func invokeDefaultAction() throws {
        try requireSuccess(dunstctl("action", "0"))
    }

    /// Closes the newest notification as the user does with dunst's close key (`dunstctl close`): dunst sends
    /// `NotificationClosed(id, 2)`, dismissed by the user.
    func closeAsUser() throws {
        try requireSuccess(dunstctl("close"))
    }

    /// Clicks the newest notification's window with a mouse `button` (1 left, 2 middle, 3 right), which dunst maps
    /// to what its configuration says: by default left closes it, middle does its action and closes it, right closes
    /// every notification.
    func click(button: Int = 1) throws {
        // dunst maps its window once it has drawn, a moment after it answered Notify.
        var shown: ViewableWindow?
        _ = try eventually(timeout: .seconds(10)) {
            shown = try display.visibleWindows(ofClass: "Dunst").first
            return shown != nil
        }
        guard let window = shown else { throw FixtureFailure("dunst shows no window to click") }
        try display.click(x: window.x + window.width / 2, y: window.y + window.height / 2, button: button)
    }

    /// Runs `dunstctl` on dunst's bus, as a user would.
    @discardableResult
    func dunstctl(_ arguments: String...) throws -> ToolResult {
        try runTool("dunstctl", arguments, env: ["DBUS_SESSION_BUS_ADDRESS": address])
    }

    private func requireSuccess(_ result: ToolResult) throws {
        guard result.status == 0 else {
            throw FixtureFailure("dunstctl failed (\(result.status)): \(result.stderr)")
        }
    }

    private func property(_ name: String) throws -> DBusValue {
        try client.getProperty(
            destination: Self.name, path: Self.path, interface: Self.dunstInterface, name: name,
            timeout: .seconds(10))
    }
}
