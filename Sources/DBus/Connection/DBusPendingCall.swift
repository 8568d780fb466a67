/// A method call sent without blocking, whose reply arrives through a completion handler from the event loop.
///
/// Dropping this object does not cancel the call; `cancel()` does.
public final class DBusPendingCall {
    private let serial: UInt32
    private weak var connection: DBusConnection?
    /// Whether the reply (or a timeout error) has arrived.
    public internal(set) var isCompleted = false

    init(serial: UInt32, connection: DBusConnection) {
        self.serial = serial
        self.connection = connection
    }

    /// Stops waiting: the completion handler is never called.
    public func cancel() {
        connection?.pendingCalls[serial] = nil
        connection?.disarmTimeoutTimerIfIdle()
    }
}

/// A call waiting for its reply: the completion handler, and when it stops waiting.
final class PendingReply {
    static let noReply = "org.freedesktop.DBus.Error.NoReply"
    static let noReplyMessage =
        "Did not receive a reply: the peer did not answer, the bus's policy blocked the reply, or the reply timeout "
        + "expired"

    let completion: (Result<[DBusValue], DBusError>) -> Void
    /// When it times out, on the monotonic clock (`PollLoop.monotonicNow()`).
    let deadline: Int64
    /// The caller's handle, told when the call completes.
    weak var handle: DBusPendingCall?

    init(deadline: Int64, completion: @escaping (Result<[DBusValue], DBusError>) -> Void) {
        self.deadline = deadline
        self.completion = completion
    }

    /// Completes the call with `reply`: its values, or the error it carries.
    func complete(with reply: DBusMessage) {
        if reply.type == .error {
            fail(
                .remote(name: reply.errorName ?? "org.freedesktop.DBus.Error.Failed", message: reply.errorMessage ?? "")
            )
            return
        }
        handle?.isCompleted = true
        do throws(DBusError) {
            completion(.success(try reply.arguments))
        } catch {
            completion(.failure(error))
        }
    }

    /// Completes the call with `error`.
    func fail(_ error: DBusError) {
        handle?.isCompleted = true
        completion(.failure(error))
    }
}

extension DBusConnection {
    /// Sends `message` and returns at once; `completion` runs from the event loop when the reply arrives.
    ///
    /// The connection must be attached to an event loop (or pumped with `readWriteDispatch`) for the reply and the
    /// timeout to be noticed.
    ///
    /// - Parameters:
    ///   - message: A method call.
    ///   - timeout: How long to wait; `nil` waits 25 seconds, as libdbus and sd-bus do.
    ///   - completion: Called once with the output values or the error (`org.freedesktop.DBus.Error.NoReply` on
    ///     timeout or when the bus goes away), unless the call is cancelled or the connection closed first.
    /// - Returns: The pending call.
    /// - Throws: `DBusError.disconnected`.
    @discardableResult
    public func send(
        _ message: DBusMessage, timeout: Duration? = nil,
        completion: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) throws(DBusError) -> DBusPendingCall {
        let serial = try send(message)
        let pending = PendingReply(
            deadline: PollLoop.monotonicNow() + PollLoop.nanoseconds(timeout ?? Self.defaultTimeout),
            completion: completion)
        let handle = DBusPendingCall(serial: serial, connection: self)
        pending.handle = handle
        pendingCalls[serial] = pending
        armTimeoutTimer()
        return handle
    }

    /// Calls a method without blocking; `completion` runs from the event loop with the outputs or the error.
    ///
    /// - Parameters:
    ///   - destination: The bus name to call.
    ///   - path: The object.
    ///   - interface: The interface, or `nil` to let the peer pick.
    ///   - member: The method.
    ///   - arguments: The input values.
    ///   - timeout: How long to wait; `nil` waits 25 seconds.
    ///   - completion: Called once with the output values or the error.
    /// - Returns: The pending call.
    /// - Throws: As `DBusMessage.append(_:)` for bad arguments, `.disconnected`.
    @discardableResult
    public func call(
        destination: BusName, path: ObjectPath, interface: InterfaceName?, member: MemberName,
        arguments: [DBusValue] = [], timeout: Duration? = nil,
        completion: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) throws(DBusError) -> DBusPendingCall {
        let message = try DBusMessage.methodCall(
            destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try send(message, timeout: timeout, completion: completion)
    }

    /// How long a call waits for its reply when not told.
    static let defaultTimeout = Duration.seconds(25)
}
