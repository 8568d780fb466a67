import DBus

extension DBusMethodCall {
    /// The string argument at `index`.
    ///
    /// The bus module has already checked the call's signature against the table, so a mismatch here means
    /// the table and the handler disagree; it is answered as invalid arguments rather than trusted.
    func string(at index: Int) throws(DBusMethodError) -> String {
        guard arguments.indices.contains(index), let value = arguments[index].stringValue else {
            throw .invalidArgs("Argument \(index) must be a string")
        }
        return value
    }

    /// The `u` argument at `index`.
    func uint32(at index: Int) throws(DBusMethodError) -> UInt32 {
        guard arguments.indices.contains(index), let value = arguments[index].uint32Value else {
            throw .invalidArgs("Argument \(index) must be an unsigned 32-bit integer")
        }
        return value
    }

    /// The `as` argument at `index`.
    func strings(at index: Int) throws(DBusMethodError) -> [String] {
        guard arguments.indices.contains(index), let values = arguments[index].arrayValue?.compactMap(\.stringValue),
            values.count == arguments[index].arrayValue?.count
        else {
            throw .invalidArgs("Argument \(index) must be an array of strings")
        }
        return values
    }

    /// The `b` argument at `index`.
    func boolean(at index: Int) throws(DBusMethodError) -> Bool {
        guard arguments.indices.contains(index), let value = arguments[index].boolValue else {
            throw .invalidArgs("Argument \(index) must be a boolean")
        }
        return value
    }

    /// The `a{sv}` argument at `index`: options, keyed by name.
    func options(at index: Int) throws(DBusMethodError) -> [String: DBusValue] {
        guard arguments.indices.contains(index), let value = arguments[index].vardictValue else {
            throw .invalidArgs("Argument \(index) must be a dictionary of options (a{sv})")
        }
        return value
    }
}
