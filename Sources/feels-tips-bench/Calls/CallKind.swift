import DBus
import TipsInterface

/// A call the bench makes, spelled with the contract's generated names and checked with its generated decoders, so
/// that a C service (or a baseline) drifting from the contract fails the bench rather than measuring something else.
enum CallKind: CaseIterable {
    /// `org.freedesktop.DBus.Peer.Ping`, which the bus library answers in both services: the bus's floor.
    case ping
    /// `GetTips(["SiriShortcutTip"], {})`: how an app reads one tip; its rule counts moods, so `LogMood` changes it.
    case getTipsOne
    /// `LogMood("good", {})`: a change, durable before the reply.
    case logMood

    /// The name in errors.
    var label: String {
        switch self {
        case .ping: "Peer.Ping"
        case .getTipsOne: Tips1.Method.getTips.rawValue
        case .logMood: Tips1.Method.logMood.rawValue
        }
    }

    /// Builds the call to the service owning `name`.
    ///
    /// - Throws: As `DBusMessage.append(_:)`.
    func message(to name: BusName) throws(DBusError) -> DBusMessage {
        guard self != .ping else {
            return try .methodCall(
                destination: name, path: Tips1.objectPath, interface: "org.freedesktop.DBus.Peer", member: "Ping")
        }
        let message = try DBusMessage.methodCall(
            destination: name, path: Tips1.objectPath, interface: Tips1.name,
            member: self == .logMood ? Tips1.Method.logMood.name : Tips1.Method.getTips.name)
        try message.append(
            self == .logMood
                ? [.string("good"), Tips1.LogOptions().encoded]
                : [.strings(["SiriShortcutTip"]), Tips1.GetTipsOptions().encoded])
        return message
    }

    /// Makes one call and times it: the message is built before the clock starts and the reply checked after it
    /// stops, so the figure is the bus and the service, not this client's marshalling.
    ///
    /// - Parameters:
    ///   - checking: Whether to decode the reply and check it.
    ///   - label: The call's name in an error.
    /// - Throws: ``BenchError/call(_:_:)`` when the call fails or answers something unexpected.
    func timed(
        to name: BusName, on connection: DBusConnection, checking: Bool, label: String
    ) throws(BenchError) -> Duration {
        let clock = ContinuousClock()
        let values: [DBusValue]
        let elapsed: Duration
        do {
            let message = try message(to: name)
            let start = clock.now
            let reply = try connection.sendWithReply(message, timeout: .seconds(25))
            elapsed = start.duration(to: clock.now)
            values = checking ? try reply.arguments : []
        } catch {
            throw .call(label, error.description)
        }
        guard checking else { return elapsed }
        let tips = try? values.first?.dictionaries(Tips1.Tip.init(decoding:))
        let expected =
            switch self {
            case .ping: values.isEmpty
            case .getTipsOne: tips?.map(\.id) == ["SiriShortcutTip"]
            case .logMood: (values.first?.uint32Value ?? 0) > 0
            }
        guard expected else { throw .call(label, "the reply is not what the contract says: \(values)") }
        return elapsed
    }
}
