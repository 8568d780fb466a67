import CDBus

extension DBusConnection {
    /// Asks the bus for a well-known name; blocks until the bus answers.
    ///
    /// - Parameters:
    ///   - name: The name, such as `org.feels.Tips`.
    ///   - flags: How to behave when the name is taken; `.doNotQueue` gets `.exists` rather than `.inQueue`.
    /// - Returns: The bus's answer.
    /// - Throws: `DBusError.remote` when the bus refuses (for example a unique name), `.disconnected`.
    public func requestName(_ name: BusName, flags: RequestNameFlags = []) throws(DBusError) -> RequestNameReply {
        guard let raw, dbus_connection_get_is_connected(raw) != 0 else { throw .disconnected }
        let outcome = withLibDBusError { dbus_bus_request_name(raw, name.rawValue, flags.rawValue, $0) }
        if let error = outcome.error { throw .remote(name: error.name, message: error.message) }
        switch outcome.result {
        case CDBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER: return .primaryOwner
        case CDBUS_REQUEST_NAME_REPLY_IN_QUEUE: return .inQueue
        case CDBUS_REQUEST_NAME_REPLY_EXISTS: return .exists
        case CDBUS_REQUEST_NAME_REPLY_ALREADY_OWNER: return .alreadyOwner
        default: throw .invalidMessage("unexpected RequestName reply \(outcome.result)")
        }
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
