import CDBus

/// Holds a completion handler for libdbus's notify callback.
final class PendingReplyHandler {
    let completion: (Result<[DBusValue], DBusError>) -> Void

    init(_ completion: @escaping (Result<[DBusValue], DBusError>) -> Void) {
        self.completion = completion
    }

    func complete(_ pending: OpaquePointer) {
        guard let reply = dbus_pending_call_steal_reply(pending) else {
            completion(.failure(.remote(name: "org.freedesktop.DBus.Error.NoReply", message: "No reply")))
            return
        }
        let message = DBusMessage(taking: reply)
        // libdbus reads an error reply's name and message, as it does for a blocking call.
        if let error = withLibDBusError({ dbus_set_error_from_message($0, message.raw) }).error {
            completion(.failure(.remote(name: error.name, message: error.message)))
            return
        }
        do throws(DBusError) {
            completion(.success(try message.arguments))
        } catch {
            completion(.failure(error))
        }
    }
}

extension DBusConnection {
    /// Sends `message` and returns at once; `completion` runs from the event loop when the reply arrives.
    ///
    /// The connection must be attached to an event loop (or pumped with `readWriteDispatch`) for the reply and the
    /// timeout to be noticed. The call cannot be cancelled: a caller that no longer wants the answer ignores it.
    ///
    /// - Parameters:
    ///   - message: A method call.
    ///   - timeout: How long to wait; `nil` uses libdbus's default (25 seconds).
    ///   - completion: Called once with the output values or the error (`org.freedesktop.DBus.Error.NoReply` on
    ///     timeout), unless the connection is closed first.
    /// - Throws: `DBusError.disconnected`, `.outOfMemory`.
    public func send(
        _ message: DBusMessage, timeout: Duration? = nil,
        completion: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) throws(DBusError) {
        guard let raw, dbus_connection_get_is_connected(raw) != 0 else { throw .disconnected }
        var pendingCall: OpaquePointer?
        guard dbus_connection_send_with_reply(raw, message.raw, &pendingCall, Self.timeoutMilliseconds(timeout)) != 0
        else { throw .outOfMemory }
        guard let pendingCall else { throw .disconnected }
        // The connection keeps the call until it completes; the reference libdbus gave us is not needed.
        defer { dbus_pending_call_unref(pendingCall) }
        let handler = Unmanaged.passRetained(PendingReplyHandler(completion)).toOpaque()
        let installed = dbus_pending_call_set_notify(
            pendingCall,
            { pending, context in
                guard let pending, let context else { return }
                Unmanaged<PendingReplyHandler>.fromOpaque(context).takeUnretainedValue().complete(pending)
            }, handler,
            { context in
                guard let context else { return }
                Unmanaged<PendingReplyHandler>.fromOpaque(context).release()
            })
        guard installed != 0 else {
            Unmanaged<PendingReplyHandler>.fromOpaque(handler).release()
            dbus_pending_call_cancel(pendingCall)
            throw .outOfMemory
        }
    }

    /// Calls a method without blocking; `completion` runs from the event loop with the outputs or the error.
    ///
    /// - Parameters:
    ///   - destination: The bus name to call.
    ///   - path: The object.
    ///   - interface: The interface, or `nil` to let the peer pick.
    ///   - member: The method.
    ///   - arguments: The input values.
    ///   - timeout: How long to wait; `nil` uses libdbus's default (25 seconds).
    ///   - completion: Called once with the output values or the error.
    /// - Throws: As `DBusMessage.append(_:)` for bad arguments, `.disconnected`.
    public func call(
        destination: BusName, path: ObjectPath, interface: InterfaceName?, member: MemberName,
        arguments: [DBusValue] = [], timeout: Duration? = nil,
        completion: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) throws(DBusError) {
        let message = try DBusMessage.methodCall(
            destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try send(message, timeout: timeout, completion: completion)
    }
}
