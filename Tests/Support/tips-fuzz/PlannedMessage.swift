import DBus

/// One message of a run, before it is built: where it goes, what it calls with what, and whether it wants a reply.
struct PlannedMessage {
    /// The object path.
    var path: String
    /// The interface, or `nil` to let the service pick.
    var interface: String?
    /// The member.
    var member: String
    /// The body.
    var arguments: [DBusValue]
    /// Whether the call asks for a reply.
    var expectsReply: Bool
    /// For a method of `org.feels.Tips1` called at the service's object with its declared inputs, the signature of
    /// its declared outputs: a method return must carry them, an error must be one the contract names.
    var declaredOutputs: String?

    /// Builds the message through the binding, whose checks refuse what the wire does not allow.
    ///
    /// - Throws: `DBusError` when the binding refuses a name or the body.
    func message(to destination: BusName) throws(DBusError) -> DBusMessage {
        let message = try DBusMessage.methodCall(
            destination: destination, path: try ObjectPath(path),
            interface: try interface.map { (text: String) throws(DBusError) in try InterfaceName(text) },
            member: try MemberName(member))
        try message.append(arguments)
        message.noReplyExpected = !expectsReply
        return message
    }

    /// The call, for a line of the report.
    var description: String {
        let signature = arguments.map(\.signature.rawValue).joined()
        let shown = signature.count > 40 ? String(signature.prefix(40)) + "…" : signature
        return "\(interface ?? "(no interface)").\(member.prefix(60)) at \(path.prefix(60)) ('\(shown)')"
    }
}
