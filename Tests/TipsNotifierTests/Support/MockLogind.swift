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
    init() throws {
        let bus = try TestBus()
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
