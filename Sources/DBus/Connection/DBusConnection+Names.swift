extension DBusConnection {
    /// Asks the bus for a well-known name; blocks until the bus answers.
    ///
    /// - Parameters:
    ///   - name: The name, such as `org.feels.Tips`.
    ///   - flags: How to behave when the name is taken; `.doNotQueue` gets `.exists` rather than `.inQueue`.
    /// - Returns: The bus's answer.
    /// - Throws: `DBusError.remote` when the bus refuses (for example a unique name), `.disconnected`.
    public func requestName(_ name: BusName, flags: RequestNameFlags = []) throws(DBusError) -> RequestNameReply {
        switch try callBus("RequestName", [.string(name.rawValue), .uint32(flags.rawValue)]) {
        case 1: return .primaryOwner
        case 2: return .inQueue
        case 3: return .exists
        case 4: return .alreadyOwner
        case let other: throw .invalidMessage("unexpected RequestName reply \(other)")
        }
    }

    /// Gives a well-known name back to the bus; blocks until the bus answers.
    ///
    /// - Parameter name: The name.
    /// - Returns: The bus's answer.
    /// - Throws: `DBusError.remote` when the bus refuses, `.disconnected`.
    @discardableResult
    public func releaseName(_ name: BusName) throws(DBusError) -> ReleaseNameReply {
        switch try callBus("ReleaseName", [.string(name.rawValue)]) {
        case 1: return .released
        case 2: return .nonExistent
        case 3: return .notOwner
        case let other: throw .invalidMessage("unexpected ReleaseName reply \(other)")
        }
    }

    /// Asks the bus to deliver messages matching `rule` to this connection; blocks until the bus answers.
    ///
    /// - Parameter rule: A match rule such as `type='signal',interface='org.feels.Tips1'`.
    /// - Throws: `DBusError.invalidString` for NUL, `.remote` when the bus refuses the rule, `.disconnected`.
    public func addMatch(_ rule: String) throws(DBusError) {
        try checkNoNUL(rule)
        try call(
            destination: Self.bus, path: Self.busPath, interface: Self.busInterface, member: "AddMatch",
            arguments: [.string(rule)])
    }

    /// Removes a match rule added with `addMatch(_:)`; blocks until the bus answers.
    ///
    /// - Parameter rule: The same text given to `addMatch(_:)`.
    /// - Throws: `DBusError.invalidString` for NUL, `.remote` when the bus does not know the rule, `.disconnected`.
    public func removeMatch(_ rule: String) throws(DBusError) {
        try checkNoNUL(rule)
        try call(
            destination: Self.bus, path: Self.busPath, interface: Self.busInterface, member: "RemoveMatch",
            arguments: [.string(rule)])
    }

    /// Calls a method of the bus that answers one `u`.
    private func callBus(_ member: MemberName, _ arguments: [DBusValue]) throws(DBusError) -> UInt32 {
        let values = try call(
            destination: Self.bus, path: Self.busPath, interface: Self.busInterface, member: member,
            arguments: arguments)
        guard values.count == 1, case .uint32(let answer) = values[0] else {
            throw .invalidMessage("\(member) returned '\(values.map(\.signatureText).joined())', expected 'u'")
        }
        return answer
    }
}
