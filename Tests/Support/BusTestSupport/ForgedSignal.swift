import DBus
import Foundation

/// Signals forged by another peer, for the tests that show a program believes only the real sender: sent with
/// `gdbus emit --dest`, so that they are unicast, which the bus delivers whatever its match rules say of the sender.
public enum ForgedSignal {
    /// The unique name of the connection that process `pid` holds on the bus of `client`, if it has one.
    public static func uniqueName(ofProcess pid: Int32, on client: DBusConnection) throws -> String? {
        try uniqueNames(ofProcess: pid, on: client).first
    }

    /// The unique names of every connection that process `pid` holds on the bus of `client`.
    public static func uniqueNames(ofProcess pid: Int32, on client: DBusConnection) throws -> [String] {
        let names =
            try client.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "ListNames", timeout: .seconds(5)
            ).first?.stringArrayValue ?? []
        return names.filter { name in name.hasPrefix(":") && (try? client.processID(ofOwner: name)) == pid }
    }

    /// Sends `interface.member` from `path` to `destination` on the bus at `address`, its arguments in GVariant text
    /// (`"'Tip'"`, `"{'LockedHint': <true>}"`), as a peer of its own; `user` runs it as another user (`nobody`).
    ///
    /// - Throws: When `gdbus` fails.
    public static func send(
        to destination: String, path: String, _ interface: String, _ member: String, _ arguments: [String],
        address: String, user: String? = nil
    ) throws {
        let gdbus = [
            "gdbus", "emit", "--address", address, "--dest", destination, "--object-path", path, "--signal",
            "\(interface).\(member)",
        ]
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--"] + gdbus } ?? gdbus
        let result = try runTool(command[0], Array(command.dropFirst()) + arguments)
        guard result.status == 0 else {
            throw ChildProcessError.timedOut("gdbus emit \(member) to \(destination): \(result.stderr)")
        }
    }
}
