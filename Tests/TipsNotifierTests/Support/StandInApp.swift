import BusTestSupport
import DBus
import Foundation

/// A stand-in for the Feels desktop app, installed for one test: its D-Bus activatable desktop entry
/// `org.feels.Feels.desktop` in a data folder of its own, and a bus activation file that starts python3-dbusmock as
/// `org.feels.Feels`, exporting `org.freedesktop.Application` at `/org/feels/Feels` as a GApplication does and
/// recording every call.
final class StandInApp {
    static let name: BusName = "org.feels.Feels"
    static let path: ObjectPath = "/org/feels/Feels"

    /// One `ActivateAction` call as the app received it.
    struct ActivateActionCall: Equatable {
        let action: String
        let parameter: [DBusValue]
        let platformData: [String: DBusValue]
    }

    /// The data folder holding `applications/org.feels.Feels.desktop`: the notifier's `XDG_DATA_DIRS`.
    let dataFolder: URL
    private let folder: TemporaryFolder
    private let client: DBusConnection

    /// Installs the stand-in for the bus at `address`, whose daemon searches `serviceDirectory` for activation files.
    init(address: String, serviceDirectory: URL, startNow: Bool = false) throws {
        folder = try TemporaryFolder()
        dataFolder = folder.url.appendingPathComponent("share")
        let applications = dataFolder.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let template = folder.url.appendingPathComponent("feels_app.py")
        try """
        import dbus
        BUS_NAME = 'org.feels.Feels'
        MAIN_OBJ = '/org/feels/Feels'
        MAIN_IFACE = 'org.freedesktop.Application'
        SYSTEM_BUS = False

        def load(mock, parameters):
            mock.AddMethods(MAIN_IFACE, [
                ('Activate', 'a{sv}', '', ''),
                ('Open', 'asa{sv}', '', ''),
                ('ActivateAction', 'sava{sv}', '', ''),
            ])

        """.write(to: template, atomically: true, encoding: .utf8)
        try """
        [Desktop Entry]
        Type=Application
        Name=Feels
        Exec=/usr/bin/python3 -m dbusmock --template \(template.path)
        DBusActivatable=true

        """.write(
            to: applications.appendingPathComponent("org.feels.Feels.desktop"), atomically: true, encoding: .utf8)
        try """
        [D-BUS Service]
        Name=org.feels.Feels
        Exec=/usr/bin/python3 -m dbusmock --template \(template.path)

        """.write(
            to: serviceDirectory.appendingPathComponent("org.feels.Feels.service"), atomically: true, encoding: .utf8)
        client = try DBusConnection(address: address)
        // The daemon reads new activation files when told to (it also notices them by itself, a moment later).
        try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ReloadConfig", timeout: .seconds(10))
        if startNow { try start() }
    }

    deinit {
        stop()
        client.close()
    }

    /// Starts the app through the bus, as the desktop would, and waits until it owns its name.
    func start() throws {
        try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "StartServiceByName", arguments: [.string(Self.name.rawValue), .uint32(0)], timeout: .seconds(20))
    }

    /// Whether the app runs.
    var isRunning: Bool {
        (try? hasOwner(Self.name, on: client)) ?? false
    }

    /// Stops the app, if it runs.
    func stop() {
        guard
            let pid = try? client.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetConnectionUnixProcessID", arguments: [.string(Self.name.rawValue)], timeout: .seconds(5)
            ).first?.uint32Value
        else { return }
        kill(pid_t(pid), SIGTERM)
        _ = eventually(timeout: .seconds(10)) { !isRunning }
    }

    /// Every `ActivateAction` call the app received, oldest first.
    func activateActionCalls() throws -> [ActivateActionCall] {
        guard isRunning else { return [] }
        let reply = try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock", member: "GetCalls",
            timeout: .seconds(10))
        return (reply.first?.arrayValue ?? []).compactMap { call -> ActivateActionCall? in
            guard let fields = call.structureValue, fields.count == 3, fields[1].stringValue == "ActivateAction",
                let arguments = fields[2].arrayValue?.compactMap(\.variantValue), arguments.count == 3
            else { return nil }
            return ActivateActionCall(
                action: arguments[0].stringValue ?? "",
                parameter: arguments[1].arrayValue?.compactMap(\.variantValue) ?? [],
                platformData: arguments[2].vardictValue ?? [:])
        }
    }
}
