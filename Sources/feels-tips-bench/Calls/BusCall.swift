import DBus

/// A method call timed from the moment it is handed to the connection to the moment its reply is back.
///
/// The message is built before the clock starts and the reply is decoded (when checking) after it stops, so the
/// figure is the bus and the service, not this client's marshalling.
struct BusCall: RoundTrip {
    /// What is called.
    let kind: CallKind
    /// The service, and the contract it speaks.
    let target: CallTarget
    /// The client connection the call goes through.
    let connection: DBusConnection
    /// The name in the table; the kind's label unless given.
    let label: String

    /// A call of `kind` to `target`, through `connection`, labelled `label` (the kind's own label when `nil`).
    init(_ kind: CallKind, to target: CallTarget, on connection: DBusConnection, label: String? = nil) {
        self.kind = kind
        self.target = target
        self.connection = connection
        self.label = label ?? kind.label
    }

    /// A call of `kind` to `service` through its own client, labelled `label` (the kind and the subject when `nil`).
    init(_ kind: CallKind, on service: ServiceUnderTest, label: String? = nil) {
        self.init(
            kind, to: service.target, on: service.client, label: label ?? "\(kind.label), \(service.subject.label)")
    }

    func measure(checking: Bool) throws(BenchError) -> Duration {
        try Self.make(kind, to: target, on: connection, checking: checking, label: label).elapsed
    }

    /// Makes one call of `kind` to `target` and times it.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait for the reply.
    ///   - checking: Whether to decode the reply and check it (outside the timed part).
    /// - Returns: When the call was handed to the connection and how long its reply took.
    /// - Throws: ``BenchError/call(_:_:)`` when it fails or answers something unexpected.
    static func make(
        _ kind: CallKind, to target: CallTarget, on connection: DBusConnection,
        timeout: Duration = .seconds(25), checking: Bool, label: String? = nil
    ) throws(BenchError) -> (start: ContinuousClock.Instant, elapsed: Duration) {
        let clock = ContinuousClock()
        let reply: DBusMessage
        let start: ContinuousClock.Instant
        let elapsed: Duration
        do {
            let message = try kind.message(to: target)
            start = clock.now
            reply = try connection.sendWithReply(message, timeout: timeout)
            elapsed = start.duration(to: clock.now)
        } catch {
            throw .call(label ?? kind.label, error.description)
        }
        let expected = kind.replySignature(in: target.spelling)
        guard reply.signature == expected else {
            throw .call(label ?? kind.label, "the reply's signature is '\(reply.signature)', expected '\(expected)'")
        }
        if checking {
            let values: [DBusValue]
            do { values = try reply.arguments } catch { throw .call(label ?? kind.label, error.description) }
            if let problem = kind.problem(with: values, in: target.spelling) {
                throw .call(label ?? kind.label, problem)
            }
        }
        return (start, elapsed)
    }
}
