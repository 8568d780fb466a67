import BusTestSupport
import DBus
import Foundation

/// A real notification server: dunst, drawing on an Xvfb display of its own, on a private bus.
final class DunstServer {
    static let name: BusName = "org.freedesktop.Notifications"
    static let path: ObjectPath = "/org/freedesktop/Notifications"
    static let dunstInterface: InterfaceName = "org.dunstproject.cmd0"

    /// The X display dunst draws on, such as `:3`.
    let display: String
    private let address: String
    private let xvfb: ChildProcess
    private let dunst: ChildProcess
    private let folder: TemporaryFolder
    private let client: DBusConnection

    /// Starts Xvfb on a free display (it picks one and says which), then dunst, and waits until dunst owns
    /// `org.freedesktop.Notifications`.
    ///
    /// Low-urgency notifications stay until closed, normal ones for an hour: dunst's history has no urgency field,
    /// but a notification's timeout there says which urgency dunst applied.
    init(address: String) throws {
        self.address = address
        folder = try TemporaryFolder("feels-dunst")
        xvfb = try ChildProcess("Xvfb", ["-displayfd", "1", "-screen", "0", "1024x600x24", "-nolisten", "tcp"])
        guard let number = xvfb.readLine(timeout: .seconds(20)), Int(number) != nil else {
            throw ChildProcessError.timedOut("Xvfb to say its display: \(xvfb.lines(of: .standardError))")
        }
        display = ":\(number)"
        let config = folder.url.appendingPathComponent("dunstrc")
        try """
        [global]
            font = DejaVu Sans 10
            icon_path = /usr/share/icons/Adwaita/48x48/legacy:/usr/share/icons/hicolor/48x48/apps
        [urgency_low]
            timeout = 0
        [urgency_normal]
            timeout = 3600
        [urgency_critical]
            timeout = 7200

        """.write(to: config, atomically: true, encoding: .utf8)
        dunst = try ChildProcess(
            "dunst", ["-config", config.path],
            environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_CONFIG_HOME": folder.path])
        client = try DBusConnection(address: address)
        let started = try eventually { try hasOwner(Self.name, on: client) || !dunst.isRunning }
        guard started, dunst.isRunning else {
            throw ChildProcessError.timedOut("dunst to own its name: \(dunst.lines(of: .standardError))")
        }
    }

    deinit {
        client.close()
        dunst.terminate()
        xvfb.terminate()
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

    /// Runs `dunstctl` on dunst's bus, as a user would.
    @discardableResult
    func dunstctl(_ arguments: String...) throws -> ToolResult {
        try runTool("dunstctl", arguments, env: ["DBUS_SESSION_BUS_ADDRESS": address])
    }

    private func property(_ name: String) throws -> DBusValue {
        try client.getProperty(
            destination: Self.name, path: Self.path, interface: Self.dunstInterface, name: name,
            timeout: .seconds(10))
    }
}
