import BusTestSupport
import DBus
import Foundation

/// logind on a private bus of its own standing in for the system bus, made with python3-dbusmock's `logind`
/// template, with one session whose `LockedHint` the test sets.
final class MockLogind {
    static let name: BusName = "org.freedesktop.login1"
    /// The session's id, for `XDG_SESSION_ID`.
    static let sessionID = "c1"

    /// The stand-in system bus.
    let bus: TestBus
    private let process: ChildProcess
    private let client: DBusConnection
    private let sessionPath: ObjectPath

    /// Starts a bus and logind on it, with session ``sessionID`` active and unlocked.
    ///
    /// - Parameter systemPolicy: Whether the bus applies the system bus's policy, as Debian's `system.conf` has it:
    ///   any user may connect and send signals, only root may own names.
    init(systemPolicy: Bool = false) throws {
        let bus = try systemPolicy ? TestBus(configFile: Self.systemPolicyConfig()) : TestBus()
        let process = try ChildProcess(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", "logind"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        let client = try DBusConnection(address: bus.address)
        self.bus = bus
        self.process = process
        self.client = client
        let started = try eventually { try hasOwner(Self.name, on: client) || !process.isRunning }
        guard started, process.isRunning else {
            throw ChildProcessError.timedOut("dbusmock's logind: \(process.lines(of: .standardError))")
        }
        let reply = try client.call(
            destination: Self.name, path: "/org/freedesktop/login1", interface: "org.freedesktop.DBus.Mock",
            member: "AddSession",
            arguments: [.string(Self.sessionID), .string("seat0"), .uint32(1000), .string("ana"), .boolean(true)],
            timeout: .seconds(10))
        sessionPath = try ObjectPath(reply.first?.stringValue ?? "")
    }

    /// A configuration with the policy of Debian's `system.conf`, listening on a socket every user may reach.
    static func systemPolicyConfig() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feels-system-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let file = folder.appendingPathComponent("system.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
          <listen>unix:path=\(folder.path)/system_bus_socket</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <deny own="*"/>
            <deny send_type="method_call"/>
            <allow send_type="signal"/>
            <allow send_requested_reply="true" send_type="method_return"/>
            <allow send_requested_reply="true" send_type="error"/>
            <allow receive_type="method_call"/>
            <allow receive_type="method_return"/>
            <allow receive_type="error"/>
            <allow receive_type="signal"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
            <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
          </policy>
          <policy user="root">
            <allow own="*"/>
            <allow send_type="method_call"/>
          </policy>
        </busconfig>

        """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit {
        process.terminate()
        client.close()
        bus.stop()
    }

    /// Locks or unlocks the session, as a screen locker tells logind: `LockedHint` changes and is announced.
    func setLocked(_ locked: Bool) throws {
        try client.call(
            destination: Self.name, path: sessionPath, interface: "org.freedesktop.login1.Session",
            member: "SetLockedHint", arguments: [.boolean(locked)], timeout: .seconds(10))
    }
}
