import DBus
import TipsInterface

/// A method call timed from the moment it is handed to libdbus to the moment its reply is back.
///
/// The message is built before the clock starts and the reply is decoded (when checking) after it stops, so the
/// figure is the bus and the service, not this client's marshalling.
struct BusCall: RoundTrip {
    /// What is called.
    let kind: CallKind
    /// The service's name.
    let service: BusName
    /// The client connection the call goes through.
    let connection: DBusConnection
    /// The name in the table; the kind's label unless given.
    let label: String

    /// A call of `kind` to the service owning `service`, through `connection`, labelled `label` (the kind's own
    /// label when `nil`).
    init(_ kind: CallKind, to service: BusName = Tips1.busName, on connection: DBusConnection, label: String? = nil) {
        self.kind = kind
        self.service = service
        self.connection = connection
        self.label = label ?? kind.label
    }

    /// A call of `kind` to `service` through its own client, labelled with the kind and the subject.
    init(_ kind: CallKind, on service: ServiceUnderTest) {
        self.init(kind, to: service.name, on: service.client, label: "\(kind.label), \(service.subject.label)")
    }

    func measure(checking: Bool) throws(BenchError) -> Duration {
        try Self.make(kind, to: service, on: connection, checking: checking, label: label).elapsed
    }

    /// Makes one call of `kind` to `service` and times it.
    ///
    /// - Parameters:
    ///   - timeout: The longest wait for the reply.
    ///   - checking: Whether to decode the reply and check it (outside the timed part).
    /// - Returns: When the call was handed to libdbus and how long its reply took.
    /// - Throws: ``BenchError/call(_:_:)`` when it fails or answers something unexpected.
    static func make(
        _ kind: CallKind, to service: BusName = Tips1.busName, on connection: DBusConnection,
        timeout: Duration = .seconds(25), checking: Bool, label: String? = nil
    ) throws(BenchError) -> (start: ContinuousClock.Instant, elapsed: Duration) {
        let clock = ContinuousClock()
        let reply: DBusMessage
        let start: ContinuousClock.Instant
        let elapsed: Duration
        do {
            let message = try kind.message(to: service)
            start = clock.now
            reply = try connection.sendWithReply(message, timeout: timeout)
            elapsed = start.duration(to: clock.now)
        } catch {
            throw .call(label ?? kind.label, error.description)
        }
        guard reply.signature == kind.replySignature else {
            throw .call(
                label ?? kind.label,
                "the reply's signature is '\(reply.signature)', expected '\(kind.replySignature)'")
        }
        if checking {
            let values: [DBusValue]
            do { values = try reply.arguments } catch { throw .call(label ?? kind.label, error.description) }
            if let problem = kind.problem(with: values) { throw .call(label ?? kind.label, problem) }
        }
        return (start, elapsed)
    }
}
