import Glibc

/// A private connection to a message bus, with exported objects, signals and client calls, speaking the wire itself
/// (docs/DESIGN.md, "The wire").
///
/// Not thread-safe: create and use a connection on one thread, and attach it to an event loop running there with
/// `attach(to:)`. Closing it is explicit: `close()`, or deinit; `onDisconnected` tells when the bus goes.
public final class DBusConnection {
    /// The socket; `nil` once closed.
    var transport: WireTransport?
    /// Whether the bus went away, or sent bytes that are not a message: nothing more is read or sent.
    var lost = false
    /// Messages read and not dispatched yet: `incoming[incomingStart...]`.
    var incoming: [DBusMessage] = []
    var incomingStart = 0
    /// The serial the last message sent got.
    private var lastSerial: UInt32 = 0
    /// The header of the message being sent, written again for each: the transport copies what the socket does not
    /// take at once, so one buffer serves every message, with nothing allocated.
    private var headerBytes = WireBytes(capacity: 256)
    /// The calls sent with a completion handler and not answered yet, by serial.
    var pendingCalls: [UInt32: PendingReply] = [:]
    /// The exported objects by path.
    var objects: [ObjectPath: DBusObject] = [:] {
        didSet { lastObjectFound = nil }
    }
    /// The object a call was last routed to: a service's calls nearly all go to one path, and comparing its text (the
    /// same string the header-field cache gives every call) costs less than hashing it into `objects` again.
    var lastObjectFound: DBusObject?
    /// The event loop the connection is attached to, if any.
    var loop: (any DBusEventLoop)?
    /// The loop's watch on the socket, and what it waits for.
    var watchSource: LoopSourceID?
    var watchedEvents: WatchEvents = []
    /// The loop's timer for the first pending call to time out, and when that is (`PollLoop.monotonicNow()`).
    var timeoutTimer: (id: LoopSourceID, deadline: Int64)?
    var dispatchScheduled = false
    private var disconnectReported = false
    private var signalSubscriptions: [UInt64: SignalSubscription] = [:]
    private var nextSubscriptionID: UInt64 = 1

    /// How many bytes of replies each peer may have waiting to be written before its calls are refused.
    public var replyQuota = ReplyQuota()
    /// Called when a peer goes over its reply quota (`true`) and when its replies have all been written (`false`),
    /// for the application to log; it must not use the connection.
    public var onReplyQuota: ((_ peer: String, _ exceeded: Bool) -> Void)?
    /// Bytes of replies queued for each peer and not yet written out.
    var queuedReplyBytes: [String: Int] = [:]
    /// The replies queued and not yet written, in the order they were queued: where each ends in the socket's
    /// stream (`WireTransport.queuedTotal` after it), its size and its peer.
    var queuedReplies: [(end: Int, size: Int, peer: String)] = []
    var queuedRepliesStart = 0
    /// Peers whose calls are being refused for not reading their replies.
    var peersOverQuota: Set<String> = []
    /// The most bytes of replies queued at once since the queue was last empty.
    var queuedReplyPeak = 0
    /// The bytes of replies queued for every peer together.
    var queuedReplyTotal = 0

    /// Decides, for each method call to an exported object, whether it is served now: return `true` to hold it back
    /// and hand it to ``serveHeldBack(_:)`` when it may be served (from the connection's thread), `false` to serve it
    /// now.
    ///
    /// A service that makes writes durable on another thread uses it to keep the order of one caller's replies: a
    /// read sent after a write is served once the write is answered.
    public var callGate: ((DBusMessage) -> Bool)?

    /// Called once when the connection to the bus is lost (dispatched from the event loop or `readWriteDispatch`).
    public var onDisconnected: (() -> Void)?
    /// How many replies were received for no call waiting on this connection, once dispatched: from a peer that
    /// answers a call twice, or to a call that gave up waiting. A client checks it to tell a peer that misbehaves.
    public private(set) var strayReplyCount = 0
    /// The first of those replies (only the first is kept: any peer may send them, as many as it likes).
    public private(set) var firstStrayReply: StrayReply?
    /// How many messages came framed as the specification says but could not be read (a unix file descriptor, a
    /// message type the binding does not know, a body that breaks the rules): each was skipped, and a call among them
    /// answered with `NotSupported` or `InvalidArgs`.
    public private(set) var unreadableMessageCount = 0

    /// Called for every signal received, after the subscriptions added with `subscribeSignals(…)`.
    ///
    /// The bus delivers only signals matching a rule added with `addMatch(_:)` (or sent directly to this connection).
    public var onSignal: ((DBusMessage) -> Void)?

    /// The unique name the bus assigned (`:1.42`).
    public private(set) var uniqueName = ""

    /// Opens a private connection to the bus at `address` and registers with it (`Hello`).
    ///
    /// - Parameter address: A D-Bus address such as `unix:path=/run/user/1000/bus`.
    /// - Throws: `DBusError.invalidString` for an address with NUL, `.connectionFailed` when the bus cannot be reached
    ///   or refuses the registration.
    public init(address: String) throws(DBusError) {
        try checkNoNUL(address)
        transport = try WireTransport(address: address)
        do throws(DBusError) {
            let hello = try DBusMessage.methodCall(
                destination: Self.bus, path: Self.busPath, interface: Self.busInterface, member: "Hello")
            let reply = try sendWithReply(hello)
            guard let name = try reply.arguments.first?.stringValue else {
                throw .invalidMessage("Hello returned '\(reply.signature)', expected 's'")
            }
            uniqueName = name
        } catch {
            close()
            switch error {
            case .remote(let name, let message): throw .connectionFailed(name: name, message: message)
            default: throw .connectionFailed(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
            }
        }
    }

    /// Opens a private connection to the session bus named by `DBUS_SESSION_BUS_ADDRESS`.
    ///
    /// - Throws: `DBusError.noSessionBus` when the variable is unset or empty, or as `init(address:)`.
    public static func session() throws(DBusError) -> DBusConnection {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty else {
            throw .noSessionBus
        }
        return try DBusConnection(address: address)
    }

    deinit {
        close()
    }

    /// The bus's own name, object and interface.
    static let bus: BusName = "org.freedesktop.DBus"
    static let busPath: ObjectPath = "/org/freedesktop/DBus"
    static let busInterface: InterfaceName = "org.freedesktop.DBus"

    /// The standard properties interface and its members: a literal name is checked each time it is made, these once
    /// (a `PropertiesChanged` checked its two names at every announcement, 2,400 instructions).
    static let propertiesInterface: InterfaceName = "org.freedesktop.DBus.Properties"
    static let propertiesGet: MemberName = "Get"
    static let propertiesGetAll: MemberName = "GetAll"
    static let propertiesSet: MemberName = "Set"
    static let propertiesChangedMember: MemberName = "PropertiesChanged"

    /// Whether the connection is open and the bus has not gone away.
    public var isConnected: Bool {
        transport != nil && !lost
    }

    /// Blocks until every queued outgoing message is written to the socket.
    public func flush() {
        while let transport, !lost, transport.wantsToWrite {
            writeQueued()
            if transport.wantsToWrite {
                _ = Self.wait(for: transport.descriptor, events: .writable, timeout: nil)
            }
        }
        updateWatch()
    }

    /// Closes the connection: detaches it from its event loop, drops exported objects and outstanding callbacks.
    ///
    /// Idempotent. `onDisconnected` is not called for a close the application asked for.
    public func close() {
        guard transport != nil else { return }
        detachFromLoop()
        transport = nil
        objects.removeAll()
        pendingCalls.removeAll()
        incoming.removeAll()
        incomingStart = 0
    }

    /// Sends `message` without waiting for a reply.
    ///
    /// - Returns: The serial the message was given.
    /// - Throws: `DBusError.disconnected` when the connection is closed or lost, `.messageTooLarge` past 128 MiB.
    @discardableResult
    public func send(_ message: DBusMessage) throws(DBusError) -> UInt32 {
        guard let transport, !lost else { throw .disconnected }
        // Serials wrap past 0, which no message may have.
        lastSerial = lastSerial == .max ? 1 : lastSerial + 1
        message.wire.serial = lastSerial
        headerBytes.removeAll()
        try message.wire.header(into: &headerBytes)
        do throws(DBusError) {
            try headerBytes.withUnsafeBytes { header in
                message.wire.body.withUnsafeBytes { body in
                    Result { () throws(DBusError) in try transport.send(header, body) }
                }
            }.get()
        } catch {
            connectionLost()
            throw .disconnected
        }
        // Sending writes what was queued before too: the replies it took out are counted as written here, as no
        // write event may follow once the queue is empty.
        repliesWritten()
        if transport.wantsToWrite {
            updateWatch()
        }
        return lastSerial
    }

    // MARK: - Reading and writing

    /// Reads what the socket has and queues the messages in it; the connection is lost at the end of the stream or
    /// at bytes that are not a message.
    func readAvailable() {
        guard let transport, !lost else { return }
        do throws(DBusError) {
            let open = try transport.receive()
            while let next = try transport.nextMessage() {
                switch next {
                case .message(let message, let values):
                    incoming.append(DBusMessage(message, arguments: values))
                case .unreadable(let error, let caller):
                    refuseUnreadable(error, from: caller)
                }
            }
            if !open { connectionLost() }
        } catch {
            connectionLost()
        }
    }

    /// Skips a message the binding cannot read, answering its caller with an error when it is a call: any peer on
    /// the bus can send one (a unix file descriptor in the signature and none passed, say), and it must not end the
    /// connection for everyone.
    private func refuseUnreadable(_ error: DBusError, from caller: WireMessage.Caller?) {
        unreadableMessageCount += 1
        guard let caller, admission(of: caller.sender) != .drop else { return }
        var refusal = WireMessage(kind: .error, flags: .noReplyExpected)
        let name: ErrorName =
            if case .unsupportedType = error {
                "org.freedesktop.DBus.Error.NotSupported"
            } else {
                "org.freedesktop.DBus.Error.InvalidArgs"
            }
        refusal.errorName = name
        refusal.replySerial = caller.serial
        refusal.destination = caller.sender
        let reply = DBusMessage(refusal)
        guard (try? reply.append([.string("Cannot read the message: \(error)")])) != nil else { return }
        sendReply(reply, to: caller.sender)
    }

    /// Writes what the socket takes of the queue, and counts the replies it took as written.
    func writeQueued() {
        guard let transport, !lost else { return }
        do throws(DBusError) {
            _ = try transport.flush()
        } catch {
            connectionLost()
        }
        repliesWritten()
    }

    /// Whether messages read from the socket wait to be dispatched: from a handler, whether more of those read with
    /// its message come after it.
    public var hasIncoming: Bool {
        incomingStart < incoming.count
    }

    /// The next message to dispatch, taken off the queue.
    func nextIncoming() -> DBusMessage? {
        guard incomingStart < incoming.count else { return nil }
        let message = incoming[incomingStart]
        incomingStart += 1
        if incomingStart == incoming.count {
            incoming.removeAll(keepingCapacity: true)
            incomingStart = 0
        } else if incomingStart >= 64, incomingStart * 2 >= incoming.count {
            incoming.removeFirst(incomingStart)
            incomingStart = 0
        }
        return message
    }

    /// Stops reading and writing once the bus went away: the loop's watch goes (a socket at its end is always
    /// readable), and the disconnection is reported once the messages read before it are dispatched.
    func connectionLost() {
        guard !lost else { return }
        lost = true
        if let watchSource {
            loop?.removeWatch(watchSource)
            self.watchSource = nil
        }
        scheduleDispatch()
    }

    /// Polls `descriptor` for `events`, at most `timeout` (`nil`: until they come); whether they came.
    static func wait(for descriptor: Int32, events: WatchEvents, timeout: Duration?) -> Bool {
        var requested: Int16 = 0
        if events.contains(.readable) { requested |= Int16(POLLIN) }
        if events.contains(.writable) { requested |= Int16(POLLOUT) }
        var poller = pollfd(fd: descriptor, events: requested, revents: 0)
        let milliseconds = timeout.map { PollLoop.milliseconds(rounding: $0) } ?? -1
        return poll(&poller, 1, milliseconds) > 0
    }

    // MARK: - Dispatch

    /// Dispatches every queued incoming message, then reports a lost connection.
    func dispatchPending() {
        dispatchScheduled = false
        while transport != nil, let message = nextIncoming() {
            dispatch(message)
        }
        if lost, transport != nil {
            reportDisconnect()
        }
    }

    /// Hands one message to what waits for it: a reply to its pending call, a signal to the subscriptions, a method
    /// call to the exported objects.
    func dispatch(_ message: DBusMessage) {
        switch message.wire.kind {
        case .methodReturn, .error:
            if let pending = pendingCalls.removeValue(forKey: message.replySerial) {
                disarmTimeoutTimerIfIdle()
                pending.complete(with: message)
                return
            }
            strayReplyCount += 1
            if firstStrayReply == nil {
                firstStrayReply = StrayReply(
                    replySerial: message.replySerial, errorName: message.errorName, errorMessage: message.errorMessage)
            }
        case .signal:
            for id in signalSubscriptions.keys.sorted() {
                guard let subscription = signalSubscriptions[id] else { continue }
                if subscription.matches(message) {
                    subscription.handler(message)
                }
            }
            onSignal?(message)
        case .methodCall:
            handleMethodCall(message)
        }
    }

    /// Tells once that the bus went away: every pending call ends in `NoReply`, then `onDisconnected` runs.
    private func reportDisconnect() {
        guard !disconnectReported else { return }
        disconnectReported = true
        let pending = pendingCalls.sorted { $0.key < $1.key }.map(\.value)
        pendingCalls.removeAll()
        for call in pending {
            call.fail(.remote(name: PendingReply.noReply, message: "The connection to the bus was lost"))
        }
        onDisconnected?()
    }

    // MARK: - Signal subscriptions

    /// A local filter on received signals; fields left `nil` match anything.
    struct SignalSubscription {
        let sender: String?
        let path: ObjectPath?
        let interface: InterfaceName?
        let member: MemberName?
        let handler: (DBusMessage) -> Void
        let rule: String

        func matches(_ message: DBusMessage) -> Bool {
            if let interface, message.interface != interface { return false }
            if let member, message.member != member { return false }
            if let path, message.path != path { return false }
            // A well-known sender name cannot be compared locally with the unique name on the message.
            if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
            return true
        }
    }

    /// Receives the signals matching the given fields: adds a match rule on the bus and calls `handler` for each.
    ///
    /// - Parameters:
    ///   - sender: The sending bus name, or `nil` for any.
    ///   - path: The emitting object, or `nil` for any.
    ///   - interface: The interface, or `nil` for any.
    ///   - member: The signal name, or `nil` for any.
    ///   - handler: Called from dispatch for each matching signal.
    /// - Returns: A token for `unsubscribe(_:)`.
    /// - Throws: `DBusError.remote` when the bus refuses the rule, `.disconnected`.
    @discardableResult
    public func subscribeSignals(
        sender: BusName? = nil, path: ObjectPath? = nil, interface: InterfaceName? = nil, member: MemberName? = nil,
        handler: @escaping (DBusMessage) -> Void
    ) throws(DBusError) -> SignalSubscriptionToken {
        var parts = ["type='signal'"]
        if let sender { parts.append("sender='\(sender.rawValue)'") }
        if let path { parts.append("path='\(path.rawValue)'") }
        if let interface { parts.append("interface='\(interface.rawValue)'") }
        if let member { parts.append("member='\(member.rawValue)'") }
        let rule = parts.joined(separator: ",")
        try addMatch(rule)
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        signalSubscriptions[id] = SignalSubscription(
            sender: sender?.rawValue, path: path, interface: interface, member: member, handler: handler, rule: rule)
        return SignalSubscriptionToken(rawValue: id)
    }

    /// Stops a subscription made with `subscribeSignals(…)` and removes its match rule.
    ///
    /// - Throws: `DBusError.remote` when the bus refuses, `.disconnected`.
    public func unsubscribe(_ token: SignalSubscriptionToken) throws(DBusError) {
        guard let subscription = signalSubscriptions.removeValue(forKey: token.rawValue) else { return }
        try removeMatch(subscription.rule)
    }
}

/// Rejects text no D-Bus string can carry: NUL characters.
func checkNoNUL(_ text: String) throws(DBusError) {
    if text.utf8.contains(0) { throw .invalidString(text) }
}
