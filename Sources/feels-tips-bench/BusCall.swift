import DBus

/// A method call timed from the moment it is handed to libdbus to the moment its reply is back.
///
/// The message is built before the clock starts and the reply is decoded (when checking) after it stops, so the
/// figure is the bus and the service, not this client's marshalling.
struct BusCall: RoundTrip {
    let label: String
    let destination: BusName
    let path: ObjectPath
    let interface: InterfaceName
    let member: MemberName
    var arguments: [DBusValue] = []
    /// The signature every reply must have.
    let replySignature: String
    /// Checks a decoded reply; returns what is wrong, or `nil`.
    var check: ([DBusValue]) -> String? = { _ in nil }
    /// The client connection the call goes through.
    let connection: DBusConnection

    func measure(checking: Bool) throws(BenchError) -> Duration {
        let clock = ContinuousClock()
        let reply: DBusMessage
        let elapsed: Duration
        do {
            let message = try DBusMessage.methodCall(
                destination: destination, path: path, interface: interface, member: member)
            try message.append(arguments)
            let start = clock.now
            reply = try connection.sendWithReply(message, timeout: .seconds(25))
            elapsed = start.duration(to: clock.now)
        } catch {
            throw .call(label, error.description)
        }
        guard reply.signature == replySignature else {
            throw .call(label, "the reply's signature is '\(reply.signature)', expected '\(replySignature)'")
        }
        if checking {
            let values: [DBusValue]
            do { values = try reply.arguments } catch { throw .call(label, error.description) }
            if let problem = check(values) { throw .call(label, problem) }
        }
        return elapsed
    }
}
