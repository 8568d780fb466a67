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

    /// Emits `PropertiesChanged` for the named properties of the exported object at `path`, reading their values and
    /// honouring each property's `emitsChangedSignal` (`.invalidates` lists the name only; `.false` and `.const` are
    /// skipped).
    ///
    /// - Parameters:
    ///   - names: The properties that changed.
    ///   - path: The exported object.
    ///   - interface: The interface declaring the properties.
    /// - Throws: `DBusError.invalidMessage` when no such object, interface or property is exported, or as
    ///   `emitPropertiesChanged(path:interface:changed:invalidated:)`.
    public func emitPropertiesChanged(for names: [String], path: ObjectPath, interface: InterfaceName)
        throws(DBusError)
    {
        guard let declared = objects[path]?.interface(named: interface.rawValue) else {
            throw .invalidMessage("No interface '\(interface)' exported at '\(path)'")
        }
        var changed: [(String, DBusValue)] = []
        var invalidated: [String] = []
        for name in names {
            guard let property = declared.property(named: name) else {
                throw .invalidMessage("No property '\(name)' in interface '\(interface)'")
            }
            switch property.emitsChangedSignal {
            case .true: changed.append((name, property.get()))
            case .invalidates: invalidated.append(name)
            case .false, .const: break
            }
        }
        guard !changed.isEmpty || !invalidated.isEmpty else { return }
        try emitPropertiesChanged(path: path, interface: interface, changed: changed, invalidated: invalidated)
    }
}
