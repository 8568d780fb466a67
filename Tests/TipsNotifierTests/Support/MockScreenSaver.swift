import BusTestSupport
import DBus
import Foundation

/// `org.freedesktop.ScreenSaver` on a private bus, made with python3-dbusmock: `GetActive` answers what the test
/// set, and `ActiveChanged` is sent when the test locks or unlocks.
final class MockScreenSaver {
    static let name: BusName = "org.freedesktop.ScreenSaver"
    static let path: ObjectPath = "/org/freedesktop/ScreenSaver"

    private let process: ChildProcess
    private let client: DBusConnection

    /// Starts the screen saver, active (locked) or not.
    init(address: String, active: Bool) throws {
        process = try ChildProcess(
            "/usr/bin/python3", ["-m", "dbusmock", Self.name.rawValue, Self.path.rawValue, Self.name.rawValue],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        client = try DBusConnection(address: address)
        let started = try eventually { try hasOwner(Self.name, on: client) || !process.isRunning }
        guard started, process.isRunning else {
            throw ChildProcessError.timedOut("dbusmock's screen saver: \(process.lines(of: .standardError))")
        }
        try mock(
            "AddProperty", [.string(Self.name.rawValue), .string("Active"), .variant(.boolean(active))])
        try mock(
            "AddMethod",
            [
                .string(Self.name.rawValue), .string("GetActive"), .string(""), .string("b"),
                .string("ret = self.Get('\(Self.name.rawValue)', 'Active')"),
            ])
    }

    deinit {
        process.terminate()
        client.close()
    }

    /// Locks (`true`) or unlocks the screen: sets what `GetActive` answers, then sends `ActiveChanged`.
    func setActive(_ active: Bool) throws {
        try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "Set",
            arguments: [.string(Self.name.rawValue), .string("Active"), .variant(.boolean(active))],
            timeout: .seconds(10))
        try mock(
            "EmitSignal",
            [
                .string(Self.name.rawValue), .string("ActiveChanged"), .string("b"),
                .array("v", [.variant(.boolean(active))]),
            ])
    }

    private func mock(_ member: MemberName, _ arguments: [DBusValue]) throws {
        try client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Mock", member: member,
            arguments: arguments, timeout: .seconds(10))
    }
}
