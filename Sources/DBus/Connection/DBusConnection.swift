import CDBus
import Glibc

/// A private connection to a message bus through libdbus, with exported objects, signals and client calls.
///
/// Not thread-safe: create and use a connection on one thread, and attach it to an event loop running there with
/// `attach(to:)`. The connection is private (not shared with other users of libdbus in the process), so closing it
/// is explicit: `close()`, or deinit. libdbus's exit-on-disconnect is off; `onDisconnected` tells when the bus goes.
public final class DBusConnection {
    /// The libdbus connection; `nil` once closed.
    var raw: OpaquePointer?
    /// The exported objects' interfaces by path.
    var objects: [ObjectPath: [DBusInterface]] = [:]
    /// The event loop the connection is attached to, if any, the sources libdbus's watches are, and the timer set for
    /// the earliest of libdbus's timeouts.
    var loop: (any DBusEventLoop)?
    var watchSources: [OpaquePointer: LoopSourceID] = [:]
    var timeoutTimer: LoopSourceID?
    /// libdbus's timeouts and when each is due on the monotonic clock (`MonotonicTime.now()`, nanoseconds).
    var timeoutDeadlines: [OpaquePointer: Int64] = [:]
    var dispatchScheduled = false
    private var disconnectReported = false

    /// The method calls received and not served yet.
    var waitingCalls = WaitingCalls()

    /// Decides, for each method call to an exported object, whether it is served now: return `true` to hold it back
    /// and hand it to ``serveHeldBack(_:)`` when it may be served (from the connection's thread), `false` to serve it
    /// now.
    ///
    /// A service that makes writes durable on another thread uses it to keep the order of one caller's replies: a
    /// read sent after a write is served once the write is answered.
    public var callGate: ((DBusMessage) -> Bool)?

    /// Called once when the connection to the bus is lost (dispatched from the event loop or `readWriteDispatch`).
    public var onDisconnected: (() -> Void)?

    /// Called for every signal received (a ``SignalRouter`` takes it to deliver them by rule).
    ///
    /// The bus delivers only signals matching a rule added with `addMatch(_:)` (or sent directly to this connection).
    public var onSignal: ((DBusMessage) -> Void)?

    /// The unique name the bus assigned (`:1.42`).
    public let uniqueName: String

    /// Opens a private connection to the bus at `address` and registers with it (`Hello`).
    ///
    /// - Parameter address: A D-Bus address such as `unix:path=/run/user/1000/bus`, or a `;`-separated list of them.
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
        guard registered.result != 0 else {
            Self.release(connection)
            let error = registered.error ?? ("org.freedesktop.DBus.Error.Failed", "registration with the bus failed")
            throw .connectionFailed(name: error.name, message: error.message)
        }
        guard let name = dbus_bus_get_unique_name(connection) else {
            Self.release(connection)
            throw .connectionFailed(name: "org.freedesktop.DBus.Error.Failed", message: "the bus gave no unique name")
        }
        raw = connection
        uniqueName = String(cString: name)
        do throws(DBusError) {
            try installHandlers(on: connection)
        } catch {
            close()
            throw error
        }
        keepTimeouts(connection)
        limitSendBuffer(connection)
    }

    /// Keeps the socket's send buffer to ``sendBufferSize``: what waits in it waits in order for the bus to read it,
    /// and a caller's reply queued behind a flood of another's waits for all of it.
    private func limitSendBuffer(_ connection: OpaquePointer) {
        var descriptor: Int32 = -1
        guard dbus_connection_get_socket(connection, &descriptor) != 0 else { return }
        var size = Self.sendBufferSize
        setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Opens a private connection to the session bus, found as libdbus finds it (``DBusAddress/session(in:)``):
    /// `DBUS_SESSION_BUS_ADDRESS`, then `$XDG_RUNTIME_DIR/bus`.
    ///
    /// Without either libdbus would autolaunch a bus on an X display; a desktop service must never start a second
    /// session bus, so only the user's own bus socket is tried.
    ///
    /// - Throws: `DBusError.noSessionBus` when neither names a bus, `.connectionFailed` when the bus cannot be reached
    ///   or refuses the registration.
    public static func session() throws(DBusError) -> DBusConnection {
        var environment: [String: String] = [:]
        for name in ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
            environment[name] = getenv(name).map { String(cString: $0) }
        }
        guard let address = DBusAddress.session(in: environment) else { throw .noSessionBus }
        return try DBusConnection(address: address)
    }

    deinit {
        close()
    }

    /// The socket's send buffer, which the kernel doubles: small, so that little waits in it ahead of a reply.
    static let sendBufferSize: Int32 = 16 << 10
    /// How many more times a readable socket is read in one turn of the loop.
    static let readBurst = 64

    /// The standard properties interface and its members.
    static let propertiesInterface: InterfaceName = "org.freedesktop.DBus.Properties"
    static let propertiesGet: MemberName = "Get"
    static let propertiesGetAll: MemberName = "GetAll"
    static let propertiesChangedMember: MemberName = "PropertiesChanged"

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
        detachFromLoop(connection)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        timeoutDeadlines.removeAll()
        raw = nil
        objects.removeAll()
        Self.release(connection)
    }

    /// Closes and lets go of a private connection.
    private static func release(_ connection: OpaquePointer) {
        dbus_connection_close(connection)
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

    /// Whether messages read from the socket wait to be dispatched: from a handler, whether more of those read with
    /// its message come after it.
    public var hasIncoming: Bool {
        guard let raw else { return false }
        return dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS
    }

    // MARK: - Incoming messages

    private func installHandlers(on connection: OpaquePointer) throws(DBusError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard dbus_connection_add_filter(connection, Self.filterFunction, context, nil) != 0 else {
            throw .outOfMemory
        }
    }

    private static let filterFunction: DBusHandleMessageFunction = { _, message, context in
        guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let connection = Unmanaged<DBusConnection>.fromOpaque(context).takeUnretainedValue()
        return connection.filter(DBusMessage(retaining: message))
    }

    /// Sees every message before the objects: signals go to `onSignal`, the loss of the bus to `onDisconnected`.
    private func filter(_ message: DBusMessage) -> DBusHandlerResult {
        guard message.type == .signal else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        if message.isSignal(interface: "org.freedesktop.DBus.Local", member: "Disconnected") {
            reportDisconnect()
        } else {
            onSignal?(message)
        }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    /// Tells once that the bus went away; libdbus has ended every pending call with `NoReply` by then.
    private func reportDisconnect() {
        guard !disconnectReported else { return }
        disconnectReported = true
        onDisconnected?()
    }
}
