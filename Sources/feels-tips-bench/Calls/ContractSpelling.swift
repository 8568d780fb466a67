import DBus
import TipsInterface

/// The contract a service under test speaks: this build's, generated from `dbus/org.feels.Tips1.xml`, or the one
/// before 0.2.0, so that an A/B against a build from before the contract changed makes the same calls of an app.
///
/// The earlier contract is not generated (its XML is no longer a source); ``CallKind/previousMessage(to:)`` spells
/// its calls, with the generated names where a name did not change.
enum ContractSpelling: Sendable, Hashable {
    /// 0.2.0's `org.feels.Tips1`: `GetTips`, `PresentTip`, `PresentNextTip`, `LogMood(sa{sv})`.
    case current
    /// 0.1's `org.feels.Tips1`: `GetTip`, `ListTips`, `DisplayTip`, `DisplayNextTip`, `LogMood(s)`.
    case previous

    /// The contract the service owning `name` serves, read from its introspection: the current one when it has
    /// 0.2.0's `GetTips`.
    ///
    /// - Throws: ``BenchError/setup(_:)`` when the service does not answer `Introspect` or serves neither contract.
    static func served(by name: BusName, on client: DBusConnection) throws(BenchError) -> ContractSpelling {
        let xml: String
        do {
            let reply = try client.call(
                destination: name, path: Tips1.objectPath, interface: "org.freedesktop.DBus.Introspectable",
                member: "Introspect", timeout: .seconds(5))
            guard let text = reply.first?.stringValue else { throw BenchError.setup("the reply is not a string") }
            xml = text
        } catch {
            throw .setup("Failed to introspect '\(name)' for the contract it serves: \(error)")
        }
        if xml.contains("<method name=\"\(Tips1.Method.getTips.name.rawValue)\"") { return .current }
        if xml.contains("<method name=\"\(previousGetTip)\"") { return .previous }
        throw .setup("'\(name)' serves neither this build's contract nor the one before 0.2.0 at \(Tips1.objectPath)")
    }

    /// 0.1's one-tip read, which 0.2.0's `GetTips` replaced.
    static let previousGetTip: MemberName = "GetTip"
}
