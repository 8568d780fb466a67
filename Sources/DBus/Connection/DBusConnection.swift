import CDBus
import Glibc

/// A private connection to a message bus, with exported objects, signals and client calls.
///
/// Not thread-safe: create and use a connection on one thread, and attach it to an event loop running there with
/// `attach(to:)`. The connection is private (not shared with other users of libdbus in the process), so closing it
/// is explicit: `close()`, or deinit. libdbus's exit-on-disconnect is off; `onDisconnected` tells when the bus goes.
public final class DBusConnection {
    /// The libdbus connection; `nil` once closed.
    var raw: OpaquePointer?
    /// The exported objects by path.
    var objects: [ObjectPath: DBusObject] = [:]
    /// The event loop the connection is attached to, if any.
    var loop: (any DBusEventLoop)?
    var watchSources: [OpaquePointer: LoopSourceID] = [:]
    var timeoutSources: [OpaquePointer: LoopSourceID] = [:]
    /// libdbus's timeouts and when each is due on the monotonic clock (`PollLoop.monotonicNow()`, nanoseconds), while
    /// no event loop runs them (see `readWriteDispatch`).
    var timeoutDeadlines: [OpaquePointer: Int64] = [:]
    var dispatchScheduled = false
    private var disconnectReported = false
    private var signalSubscriptions: [UInt64: SignalSubscription] = [:]
    private var nextSubscriptionID: UInt64 = 1

    /// How many bytes of replies each peer may have waiting to be written before its calls are refused.
    public var replyQuota = ReplyQuota()
    /// Called when a peer goes over its reply quota (`true`) and when its replies have all been written (`false`),
    /// for the application to log; it runs while libdbus may hold the connection's lock, so it must not use the
    /// connection.
    public var onReplyQuota: ((_ peer: String, _ exceeded: Bool) -> Void)?
    /// Bytes of replies queued for each peer and not yet written out.
    var queuedReplyBytes: [String: Int] = [:]
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

    /// Called for every signal received, after the subscriptions added with `subscribeSignals(…)`.
    ///
    /// The bus delivers only signals matching a rule added with `addMatch(_:)` (or sent directly to this connection).
    public var onSignal: ((DBusMessage) -> Void)?

    /// The unique name the bus assigned (`:1.42`).
    public let uniqueName: String

    /// Opens a private connection to the bus at `address` and registers with it (`Hello`).
    ///
    /// - Parameter address: A D-Bus address such as `unix:path=/run/user/1000/bus`.
    /// - Throws: `DBusError.invalidString` for an address with NUL, `.connectionFailed` when the bus cannot be reached
    ///   or refuses the registration.
    public init(address: String) throws(DBusError) {
        try checkNoNUL(address)
        let opened = withLibDBusError { dbus_connection_open_private(address, $0) }
        guard let connection = opened.result else {
            let error = opened.error ?? ("org.freedesktop.DBus.Error.Failed", "cannot open '\(address)'")
            throw .connectionFailed(name: error.name, message: error.message)
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        let registered = withLibDBusError { dbus_bus_register(connection, $0) }
        guard registered.result != 0, let name = dbus_bus_get_unique_name(connection) else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            let error = registered.error ?? ("org.freedesktop.DBus.Error.Failed", "registration with the bus failed")
            throw .connectionFailed(name: error.name, message: error.message)
        }
        raw = connection
        uniqueName = String(cString: name)
        try installHandlers(on: connection)
        keepTimeoutsWithoutLoop(connection)
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

    /// Whether the connection is open and the bus has not gone away.
    public var isConnected: Bool {
        guard let raw else { return false }
        return dbus_connection_get_is_connected(raw) != 0
    }

    /// Blocks until every queued outgoing message is written to the socket.
    public func flush() {
        guard let raw else { return }
        dbus_connection_flush(raw)
    }

    /// Closes the connection: detaches it from its event loop, drops exported objects and outstanding callbacks.
    ///
    /// Idempotent. `onDisconnected` is not called for a close the application asked for.
    public func close() {
        guard let connection = raw else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_remove_filter(connection, Self.filterFunction, context)
        dbus_connection_unregister_object_path(connection, "/")
        dbus_connection_close(connection)
        detachFromLoop(connection)
        raw = nil
        objects.removeAll()
        dbus_connection_unref(connection)
    }

    /// Sends `message` without waiting for a reply.
    ///
    /// - Returns: The serial libdbus gave the message.
    /// - Throws: `DBusError.disconnected` when the connection is closed or lost, `.outOfMemory`.
    @discardableResult
    public func send(_ message: DBusMessage) throws(DBusError) -> UInt32 {
        guard let raw, dbus_connection_get_is_connected(raw) != 0 else { throw .disconnected }
        var serial: dbus_uint32_t = 0
        guard dbus_connection_send(raw, message.raw, &serial) != 0 else { throw .outOfMemory }
        return serial
    }

    // MARK: - Incoming messages

    private func installHandlers(on connection: OpaquePointer) throws(DBusError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard dbus_connection_add_filter(connection, Self.filterFunction, context, nil) != 0 else {
            throw .outOfMemory
        }
        var vtable = DBusObjectPathVTable()
        vtable.message_function = { _, message, context in
            guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let connection = Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue()
            return connection.handleObjectMessage(DBusMessage(retaining: message))
        }
        let registered = withLibDBusError {
            dbus_connection_try_register_fallback(connection, "/", &vtable, context, $0)
        }
        guard registered.result != 0 else { throw .outOfMemory }
    }

    private static let filterFunction: DBusHandleMessageFunction = { _, message, context in
        guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let connection = Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue()
        connection.filter(DBusMessage(retaining: message))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }

    private func filter(_ message: DBusMessage) {
        // libdbus hands a pending call its reply before any filter runs: a reply that gets here answers nothing.
        if message.type == .methodReturn || message.type == .error {
            strayReplyCount += 1
            if firstStrayReply == nil {
                firstStrayReply = StrayReply(
                    replySerial: message.replySerial, errorName: message.errorName, errorMessage: message.errorMessage)
            }
            return
        }
        guard message.type == .signal else { return }
        if message.isSignal(interface: "org.freedesktop.DBus.Local", member: "Disconnected") {
            if !disconnectReported {
                disconnectReported = true
                onDisconnected?()
            }
            return
        }
        for id in signalSubscriptions.keys.sorted() {
            guard let subscription = signalSubscriptions[id] else { continue }
            if subscription.matches(message) {
                subscription.handler(message)
            }
        }
        onSignal?(message)
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
