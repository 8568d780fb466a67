import CDBus

extension DBusConnection {
    /// Asks the bus for a well-known name, never to queue for it behind its owner; blocks until the bus answers.
    ///
    /// - Parameter name: The name, such as `org.feels.Tips`.
    /// - Returns: Whether this connection owns the name now (`false`: another connection owns it).
    /// - Throws: `DBusError.remote` when the bus refuses (for example a unique name), `.disconnected`.
    public func requestName(_ name: BusName) throws(DBusError) -> Bool {
        guard let raw, dbus_connection_get_is_connected(raw) != 0 else { throw .disconnected }
        let outcome = withLibDBusError {
            dbus_bus_request_name(raw, name.rawValue, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), $0)
        }
        if let error = outcome.error { throw .remote(name: error.name, message: error.message) }
        return outcome.result == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
            || outcome.result == DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER
    }

    /// Asks the bus to deliver messages matching `rule` to this connection; blocks until the bus answers.
    ///
    /// - Parameter rule: A match rule such as `type='signal',interface='org.feels.Tips1'`.
    /// - Throws: `DBusError.invalidString` for NUL, `.remote` when the bus refuses the rule, `.disconnected`.
    public func addMatch(_ rule: String) throws(DBusError) {
        try checkNoNUL(rule)
        guard let raw, dbus_connection_get_is_connected(raw) != 0 else { throw .disconnected }
        let outcome = withLibDBusError { dbus_bus_add_match(raw, rule, $0) }
        if let error = outcome.error { throw .remote(name: error.name, message: error.message) }
    }
}
