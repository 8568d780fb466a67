import DBus
import Foundation

/// One very large message sent to a program on the bus, and what its resident memory does after it.
public enum LargeMessage {
    /// Calls `interface.member` at `path` of `destination` with the arguments `arguments` makes of one string of
    /// `bytes` bytes, and waits for the answer: once it comes, the program has read the whole message and handled it.
    ///
    /// - Returns: The answer.
    /// - Throws: When the call cannot be sent or is not answered within a minute.
    @discardableResult
    public static func call(
        _ destination: String, path: ObjectPath, interface: InterfaceName, member: MemberName, bytes: Int,
        arguments: (String) -> [DBusValue], on connection: DBusConnection
    ) throws -> Result<[DBusValue], DBusError> {
        let call = try DBusMessage.methodCall(
            destination: try BusName(destination), path: path, interface: interface, member: member)
        try call.append(arguments(String(repeating: "x", count: bytes)))
        var answer: Result<[DBusValue], DBusError>?
        let pending = try connection.send(call, timeout: .seconds(60)) { answer = $0 }
        let deadline = ContinuousClock.now + .seconds(60)
        while answer == nil {
            guard ContinuousClock.now < deadline else {
                throw ChildProcessError.timedOut("an answer to the large call")
            }
            _ = connection.readWriteDispatch(timeout: .milliseconds(50))
        }
        withExtendedLifetime(pending) {}
        return answer ?? .failure(.disconnected)
    }

    /// What /proc/PID/status says of process `pid`'s memory, in KiB: resident now (`VmRSS`) and at most (`VmHWM`).
    public static func memory(of pid: Int32) throws -> (resident: Int, highWaterMark: Int) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return Int(line.split(separator: " ").last { Int($0) != nil } ?? "") ?? 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// Polls the resident memory of `pid` until it is at most `limit` KiB or `timeout` passes; returns the last
    /// figure read.
    public static func residentKilobytes(
        of pid: Int32, fallingTo limit: Int, within timeout: Duration = .seconds(30)
    ) throws -> Int {
        let deadline = ContinuousClock.now + timeout
        var resident = try memory(of: pid).resident
        while resident > limit, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            resident = try memory(of: pid).resident
        }
        return resident
    }
}
