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
        try connection.send(call, timeout: .seconds(60)) { answer = $0 }
        let deadline = ContinuousClock.now + .seconds(60)
        while answer == nil {
            guard ContinuousClock.now < deadline else {
                throw ChildProcessError.timedOut("an answer to the large call")
            }
            _ = connection.readWriteDispatch(timeout: .milliseconds(50))
        }
        return answer ?? .failure(.disconnected)
    }

    /// What one large call did to the memory of process `pid`, in KiB, and how it was answered.
    public struct Outcome {
        /// The answer to the call.
        public let answer: Result<[DBusValue], DBusError>
        /// Resident before the call, at most while it was handled, and once it fell back (or after 30 s).
        public let before: Int
        public let highWaterMark: Int
        public let after: Int

        /// Whether the program refused the call with an error of its own.
        public var refused: Bool { if case .failure(.remote) = answer { true } else { false } }
    }

    /// Makes the ``call(_:path:interface:member:bytes:arguments:on:)`` to the program `pid` runs, and measures its
    /// resident memory before, at most and after, waiting for it to fall back within `slack` KiB of before.
    public static func measure(
        _ destination: String, pid: Int32, path: ObjectPath, interface: InterfaceName, member: MemberName,
        bytes: Int, slack: Int, arguments: (String) -> [DBusValue], on connection: DBusConnection
    ) throws -> Outcome {
        let before = try memory(of: pid).resident
        let answer = try call(
            destination, path: path, interface: interface, member: member, bytes: bytes, arguments: arguments,
            on: connection)
        let highWaterMark = try memory(of: pid).highWaterMark
        let after = try residentKilobytes(of: pid, fallingTo: before + slack)
        return Outcome(answer: answer, before: before, highWaterMark: highWaterMark, after: after)
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
