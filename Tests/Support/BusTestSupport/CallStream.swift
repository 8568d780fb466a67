import DBus
import Foundation
import TipsInterface

/// A client on a thread of its own that makes calls to `org.feels.Tips1` one after another, each waiting for its
/// reply, until one fails (the service was killed, say) or it is told to stop; it counts what was acknowledged.
///
/// The reliability tests run several at once against the real service.
public final class CallStream: Sendable {
    /// One call of the stream: a member and its arguments, of `org.feels.Tips1` unless said otherwise.
    public struct Call: Sendable {
        public let member: String
        public let arguments: [DBusValue]
        public let destination: BusName
        public let path: ObjectPath
        public let interface: InterfaceName
        public init(
            _ member: String, _ arguments: [DBusValue] = [], destination: BusName = Tips1.busName,
            path: ObjectPath = Tips1.objectPath, interface: InterfaceName = Tips1.name
        ) {
            self.member = member
            self.arguments = arguments
            self.destination = destination
            self.path = path
            self.interface = interface
        }

        /// A call of a method of `org.feels.Tips1`, by its generated name.
        public init(_ method: Tips1.Method, _ arguments: [DBusValue] = []) {
            self.init(method.rawValue, arguments)
        }

        /// A call of a method of `org.feels.Tips1.Testing`, by its generated name.
        public init(_ method: Tips1Testing.Method, _ arguments: [DBusValue] = []) {
            self.init(method.rawValue, arguments, interface: Tips1Testing.name)
        }

        /// `Properties.Get` of a property of `org.feels.Tips1`.
        public static func property(_ name: String) -> Call {
            Call(
                "Get", [.string(Tips1.name.rawValue), .string(name)], interface: "org.freedesktop.DBus.Properties")
        }

        /// `Properties.Get` of a property of `org.feels.Tips1`, by its generated name.
        public static func property(_ property: Tips1.Property) -> Call {
            Self.property(property.rawValue)
        }

        /// A match rule added on the bus, as a client subscribing to the service's signals does.
        public static func subscription(_ rule: String) -> Call {
            Call(
                "AddMatch", [.string(rule)], destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus")
        }
    }

    /// What a stream saw.
    public struct Tally: Sendable {
        /// Acknowledged calls by member.
        public var acknowledged: [String: Int] = [:]
        /// Error replies by error name (a dropped connection included).
        public var errors: [String: Int] = [:]
        /// Replies that did not have the expected shape, described.
        public var wrong: [String] = []
        /// Whether the stream has ended.
        public var ended = false
    }

    private let tally = Locked(Tally())
    private let stopRequested = Locked(false)

    /// Starts streaming on a new thread.
    ///
    /// - Parameters:
    ///   - address: The bus.
    ///   - calls: Called with the index of the next call; returns the call to make, or `nil` to end the stream.
    ///   - check: Says what is wrong with a successful reply to a call, or `nil` when it is right.
    public init(
        address: String, calls: @escaping @Sendable (Int) -> Call?,
        check: @escaping @Sendable (Call, [DBusValue]) -> String? = { _, _ in nil }
    ) {
        let tally = self.tally
        let stopRequested = self.stopRequested
        Thread {
            defer { tally.update { $0.ended = true } }
            guard let connection = try? DBusConnection(address: address) else {
                tally.update { $0.errors["connect", default: 0] += 1 }
                return
            }
            defer { connection.close() }
            var index = 0
            while !stopRequested.current, let call = calls(index) {
                index += 1
                do throws(DBusError) {
                    let reply = try connection.call(
                        destination: call.destination, path: call.path, interface: call.interface,
                        member: MemberName(call.member), arguments: call.arguments, timeout: .seconds(10))
                    let problem = check(call, reply)
                    tally.update { tally in
                        tally.acknowledged[call.member, default: 0] += 1
                        if let problem { tally.wrong.append("\(call.member): \(problem)") }
                    }
                } catch {
                    let name: String =
                        if case .remote(let name, _) = error { name } else { "\(error)" }
                    tally.update { $0.errors[name, default: 0] += 1 }
                    // A lost service or connection ends the stream; a refused call does not.
                    if Tips1.Error(rawValue: name) == nil && name != "org.freedesktop.DBus.Error.InvalidArgs" {
                        return
                    }
                }
            }
        }.start()
    }

    /// Asks the stream to end after its current call.
    public func stop() {
        stopRequested.update { $0 = true }
    }

    /// Waits up to `timeout` for the stream to end, and returns what it saw.
    public func finish(timeout: Duration = .seconds(30)) -> Tally {
        tally.wait(timeout: timeout) { $0.ended }
        return tally.current
    }

    /// What the stream has seen so far.
    public var current: Tally { tally.current }
}
