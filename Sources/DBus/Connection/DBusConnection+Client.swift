import CDBus

extension DBusConnection {
    /// Sends `message` and blocks until the reply arrives or `timeout` passes.
    ///
    /// Other incoming messages are queued meanwhile and dispatched later from the loop.
    ///
    /// - Parameters:
    ///   - message: A method call.
    ///   - timeout: How long to wait; `nil` uses libdbus's default (25 seconds).
    /// - Returns: The method return.
    /// - Throws: `DBusError.remote` for an error reply (or `org.freedesktop.DBus.Error.NoReply` on timeout),
    ///   `.disconnected`.
    public func sendWithReply(_ message: DBusMessage, timeout: Duration? = nil) throws(DBusError) -> DBusMessage {
        guard let raw, dbus_connection_get_is_connected(raw) != 0 else { throw .disconnected }
        let milliseconds = Self.timeoutMilliseconds(timeout)
        let outcome = withLibDBusError { dbus_connection_send_with_reply_and_block(raw, message.raw, milliseconds, $0) }
        guard let reply = outcome.result else {
            let error = outcome.error ?? ("org.freedesktop.DBus.Error.Failed", "no reply")
            throw .remote(name: error.name, message: error.message)
        }
        return DBusMessage(taking: reply)
    }

    /// Calls a method and blocks until it answers.
    ///
    /// - Parameters:
    ///   - destination: The bus name to call.
    ///   - path: The object.
    ///   - interface: The interface, or `nil` to let the peer pick.
    ///   - member: The method.
    ///   - arguments: The input values.
    ///   - timeout: How long to wait; `nil` uses libdbus's default (25 seconds).
    /// - Returns: The output values.
    /// - Throws: `DBusError.remote(name:message:)` for an error reply, as `DBusMessage.append(_:)` for bad arguments,
    ///   `.disconnected`.
    @discardableResult
    public func call(
        destination: BusName, path: ObjectPath, interface: InterfaceName?, member: MemberName,
        arguments: [DBusValue] = [], timeout: Duration? = nil
    ) throws(DBusError) -> [DBusValue] {
        let message = try DBusMessage.methodCall(
            destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try sendWithReply(message, timeout: timeout).arguments
    }

    /// Reads one property through `org.freedesktop.DBus.Properties.Get`.
    ///
    /// - Returns: The value, unwrapped from its variant.
    /// - Throws: As `call(destination:path:interface:member:arguments:timeout:)`.
    public func getProperty(
        destination: BusName, path: ObjectPath, interface: InterfaceName, name: String, timeout: Duration? = nil
    ) throws(DBusError) -> DBusValue {
        let values = try call(
            destination: destination, path: path, interface: Self.propertiesInterface, member: Self.propertiesGet,
            arguments: [.string(interface.rawValue), .string(name)], timeout: timeout)
        guard let value = values.first?.variantValue else {
            throw .invalidMessage("Get returned '\(values.map(\.signatureText).joined())', expected 'v'")
        }
        return value
    }

    /// Reads every property of an interface through `org.freedesktop.DBus.Properties.GetAll`.
    ///
    /// - Returns: Names to values, unwrapped from their variants.
    /// - Throws: As `call(destination:path:interface:member:arguments:timeout:)`.
    public func getAllProperties(
        destination: BusName, path: ObjectPath, interface: InterfaceName, timeout: Duration? = nil
    ) throws(DBusError) -> [String: DBusValue] {
        let values = try call(
            destination: destination, path: path, interface: Self.propertiesInterface, member: Self.propertiesGetAll,
            arguments: [.string(interface.rawValue)], timeout: timeout)
        guard let properties = values.first?.vardictValue else {
            throw .invalidMessage("GetAll returned '\(values.map(\.signatureText).joined())', expected 'a{sv}'")
        }
        return properties
    }

    /// Reads, writes and dispatches once, blocking at most `timeout`; for clients without an event loop.
    ///
    /// Dispatches at most one message per call; signals reach `onSignal` from here. Without an event
    /// loop it also fires libdbus's timeouts as they fall due, so a call its peer never answers completes with
    /// `org.freedesktop.DBus.Error.NoReply` on time; it then returns early to let the next call dispatch that.
    ///
    /// - Parameter timeout: The longest wait for data; `nil` waits until something arrives.
    /// - Returns: `false` once the connection is closed or lost (after `onDisconnected` has run).
    @discardableResult
    public func readWriteDispatch(timeout: Duration?) -> Bool {
        guard let raw else { return false }
        var wait = timeout
        if loop == nil {
            fireDueTimeouts()
            wait = waitBeforeNextTimeout(atMost: timeout)
        }
        let milliseconds = wait.map { MonotonicTime.milliseconds(rounding: $0) } ?? -1
        return dbus_connection_read_write_dispatch(raw, milliseconds) != 0
    }

    static func timeoutMilliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return CDBUS_TIMEOUT_USE_DEFAULT }
        return MonotonicTime.milliseconds(rounding: timeout)
    }
}
