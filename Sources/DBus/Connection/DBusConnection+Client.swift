extension DBusConnection {
    /// Sends `message` and blocks until the reply arrives or `timeout` passes.
    ///
    /// Other incoming messages are queued meanwhile and dispatched later from the loop.
    ///
    /// - Parameters:
    ///   - message: A method call.
    ///   - timeout: How long to wait; `nil` waits 25 seconds, as libdbus and sd-bus do.
    /// - Returns: The method return.
    /// - Throws: `DBusError.remote` for an error reply (or `org.freedesktop.DBus.Error.NoReply` on timeout or when
    ///   the bus goes away first), `.disconnected`.
    public func sendWithReply(_ message: DBusMessage, timeout: Duration? = nil) throws(DBusError) -> DBusMessage {
        let serial = try send(message)
        let deadline = PollLoop.monotonicNow() + PollLoop.nanoseconds(timeout ?? Self.defaultTimeout)
        var searched = incomingStart
        while true {
            if let index = incoming[searched...].firstIndex(where: { $0.answers(serial) }) {
                let reply = incoming.remove(at: index)
                if hasIncoming {
                    scheduleDispatch()
                }
                guard reply.type != .error else {
                    throw .remote(
                        name: reply.errorName ?? "org.freedesktop.DBus.Error.Failed", message: reply.errorMessage ?? "")
                }
                return reply
            }
            searched = incoming.count
            guard let transport, !lost else {
                throw .remote(name: PendingReply.noReply, message: "The connection to the bus was lost")
            }
            let left = deadline - PollLoop.monotonicNow()
            guard left > 0 else {
                throw .remote(name: PendingReply.noReply, message: PendingReply.noReplyMessage)
            }
            let events: WatchEvents = transport.wantsToWrite ? [.readable, .writable] : .readable
            if Self.wait(for: transport.descriptor, events: events, timeout: .nanoseconds(left)) {
                writeQueued()
                readAvailable()
            }
        }
    }

    /// Calls a method and blocks until it answers.
    ///
    /// - Parameters:
    ///   - destination: The bus name to call.
    ///   - path: The object.
    ///   - interface: The interface, or `nil` to let the peer pick.
    ///   - member: The method.
    ///   - arguments: The input values.
    ///   - timeout: How long to wait; `nil` waits 25 seconds.
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

    /// Writes one property through `org.freedesktop.DBus.Properties.Set`.
    ///
    /// - Parameter value: The new value, wrapped in a variant for the call.
    /// - Throws: As `call(destination:path:interface:member:arguments:timeout:)`.
    public func setProperty(
        destination: BusName, path: ObjectPath, interface: InterfaceName, name: String, value: DBusValue,
        timeout: Duration? = nil
    ) throws(DBusError) {
        try call(
            destination: destination, path: path, interface: Self.propertiesInterface, member: Self.propertiesSet,
            arguments: [.string(interface.rawValue), .string(name), .variant(value)], timeout: timeout)
    }

    /// Reads, writes and dispatches once, blocking at most `timeout`; for clients without an event loop.
    ///
    /// Dispatches at most one message per call; signals reach `onSignal` and subscriptions from here. Without an event
    /// loop it also ends the pending calls whose time is up, so a call its peer never answers completes with
    /// `org.freedesktop.DBus.Error.NoReply` on time: it waits no longer than until the first of them.
    ///
    /// - Parameter timeout: The longest wait for data; `nil` waits until something arrives.
    /// - Returns: `false` once the connection is closed or lost (after `onDisconnected` has run).
    @discardableResult
    public func readWriteDispatch(timeout: Duration?) -> Bool {
        guard let transport else { return false }
        if loop == nil {
            failTimedOutCalls()
        }
        if !hasIncoming, !lost {
            var wait = timeout
            if loop == nil, let first = pendingCalls.values.lazy.map(\.deadline).min() {
                let untilFirst = Duration.nanoseconds(max(0, first - PollLoop.monotonicNow()))
                wait = timeout.map { min($0, untilFirst) } ?? untilFirst
            }
            let events: WatchEvents = transport.wantsToWrite ? [.readable, .writable] : .readable
            if Self.wait(for: transport.descriptor, events: events, timeout: wait) {
                writeQueued()
                readAvailable()
            }
            if loop == nil {
                failTimedOutCalls()
            }
        }
        if let message = nextIncoming() {
            dispatch(message)
        }
        if lost, !hasIncoming, self.transport != nil {
            dispatchPending()
            return false
        }
        return self.transport != nil
    }

    /// Reads whatever arrives for `timeout` and dispatches every message queued, as a client without an event loop
    /// does to see what came besides the replies it waited for: signals, and `strayReplyCount`.
    ///
    /// - Parameter timeout: How long to read for; it always waits that long.
    public func dispatchArrived(for timeout: Duration) {
        // The monotonic clock, not ContinuousClock, which would link the concurrency runtime into every program.
        let deadline = PollLoop.monotonicNow() + PollLoop.nanoseconds(timeout)
        repeat {
            guard let transport else { return }
            if !lost {
                let remaining = Duration.nanoseconds(max(0, deadline - PollLoop.monotonicNow()))
                let events: WatchEvents = transport.wantsToWrite ? [.readable, .writable] : .readable
                if Self.wait(for: transport.descriptor, events: events, timeout: remaining) {
                    writeQueued()
                    readAvailable()
                }
            }
            dispatchPending()
            if lost { return }
        } while PollLoop.monotonicNow() < deadline
    }
}

extension DBusMessage {
    /// Whether this is the reply to the call sent with `serial`.
    func answers(_ serial: UInt32) -> Bool {
        (wire.kind == .methodReturn || wire.kind == .error) && wire.replySerial == serial
    }
}
