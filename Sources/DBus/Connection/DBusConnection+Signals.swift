extension DBusConnection {
    /// Emits a signal from `path`.
    ///
    /// - Parameters:
    ///   - path: The emitting object.
    ///   - interface: The interface declaring the signal.
    ///   - member: The signal name.
    ///   - arguments: The signal's values.
    /// - Throws: As `DBusMessage.append(_:)` for bad values, `.disconnected`.
    public func emitSignal(
        path: ObjectPath, interface: InterfaceName, member: MemberName, arguments: [DBusValue] = []
    ) throws(DBusError) {
        try send(DBusMessage.signal(path: path, interface: interface, member: member, marshalling: arguments))
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` from `path`.
    ///
    /// - Parameters:
    ///   - path: The object whose properties changed.
    ///   - interface: The interface declaring them.
    ///   - changed: Names and new values, sent in this order.
    ///   - invalidated: Names of properties that changed without their value being sent.
    /// - Throws: As `emitSignal(path:interface:member:arguments:)`.
    public func emitPropertiesChanged(
        path: ObjectPath, interface: InterfaceName, changed: [(String, DBusValue)], invalidated: [String] = []
    ) throws(DBusError) {
        try send(
            Self.propertiesChanged(path: path, interface: interface, changed: changed, invalidated: invalidated))
    }

    /// The `PropertiesChanged` signal: the changed values and the names of those invalidated.
    ///
    /// - Throws: As `DBusMessage.append(_:)` for bad names or values.
    static func propertiesChanged(
        path: ObjectPath, interface: InterfaceName, changed: [(String, DBusValue)], invalidated: [String]
    ) throws(DBusError) -> DBusMessage {
        try DBusMessage.signal(
            path: path, interface: propertiesInterface, member: propertiesChangedMember,
            marshalling: [.string(interface.rawValue), .vardict(changed), .strings(invalidated)])
    }
}
