import CDBus

/// The four kinds of D-Bus message.
public enum DBusMessageType: Sendable, Equatable {
    /// A call of a method.
    case methodCall
    /// A successful reply to a method call.
    case methodReturn
    /// An error reply to a method call.
    case error
    /// A signal broadcast by an object.
    case signal
    /// A type this binding does not know.
    case unknown(Int32)
}

extension DBusMessage {
    /// The kind of message.
    public var type: DBusMessageType {
        switch dbus_message_get_type(raw) {
        case CDBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case CDBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case CDBUS_MESSAGE_TYPE_ERROR: .error
        case CDBUS_MESSAGE_TYPE_SIGNAL: .signal
        case let other: .unknown(other)
        }
    }

    /// The unique bus name of the sender, when the bus filled it in.
    public var sender: String? {
        if let known = header.sender { return known }
        let sender = dbus_message_get_sender(raw).map { String(cString: $0) }
        header.sender = .some(sender)
        return sender
    }

    // libdbus checks every header field as it loads a message or sets the field: no second check. Each field is read
    // from libdbus once (a read walks libdbus's header code, and routing a call asks for the same fields several times):
    // none of these changes once a message is built, but the signature, which appending forgets.

    /// The object path of a method call or signal.
    public var path: ObjectPath? {
        if let known = header.path { return known }
        let path = dbus_message_get_path(raw).map { ObjectPath(unchecked: String(cString: $0)) }
        header.path = .some(path)
        return path
    }

    /// The interface of a method call or signal, if given.
    public var interface: InterfaceName? {
        if let known = header.interface { return known }
        let interface = dbus_message_get_interface(raw).map { InterfaceName(unchecked: String(cString: $0)) }
        header.interface = .some(interface)
        return interface
    }

    /// The method or signal name.
    public var member: MemberName? {
        if let known = header.member { return known }
        let member = dbus_message_get_member(raw).map { MemberName(unchecked: String(cString: $0)) }
        header.member = .some(member)
        return member
    }

    /// The signature of the body, `""` when the body is empty.
    public var signature: String {
        if let known = header.signature { return known }
        let signature = dbus_message_get_signature(raw).map { String(cString: $0) } ?? ""
        header.signature = signature
        return signature
    }

    /// The error name of an error reply.
    public var errorName: String? {
        dbus_message_get_error_name(raw).map { String(cString: $0) }
    }

    /// The serial number the sender gave the message; 0 before it is sent.
    public var serial: UInt32 {
        dbus_message_get_serial(raw)
    }

    /// Whether the caller asked not to get a reply (the `NO_REPLY_EXPECTED` flag).
    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(raw) != 0 }
        set { dbus_message_set_no_reply(raw, newValue ? 1 : 0) }
    }

    /// Whether this is a signal with the given interface and member.
    public func isSignal(interface: InterfaceName, member: MemberName) -> Bool {
        dbus_message_is_signal(raw, interface.rawValue, member.rawValue) != 0
    }
}

/// The header fields of a message once read from libdbus; `nil` for a field not read yet.
struct HeaderFields {
    var sender: String??
    var path: ObjectPath??
    var interface: InterfaceName??
    var member: MemberName??
    var signature: String?
}
