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
        dbus_message_get_sender(raw).map { String(cString: $0) }
    }

    /// The bus name the message is addressed to, if any.
    public var destination: String? {
        dbus_message_get_destination(raw).map { String(cString: $0) }
    }

    /// The object path of a method call or signal.
    public var path: ObjectPath? {
        // libdbus checks every header field as it loads a message or sets the field: no second check.
        dbus_message_get_path(raw).map { ObjectPath(unchecked: String(cString: $0)) }
    }

    /// The interface of a method call or signal, if given.
    public var interface: InterfaceName? {
        dbus_message_get_interface(raw).map { InterfaceName(unchecked: String(cString: $0)) }
    }

    /// The method or signal name.
    public var member: MemberName? {
        dbus_message_get_member(raw).map { MemberName(unchecked: String(cString: $0)) }
    }

    /// The signature of the body, `""` when the body is empty.
    public var signature: String {
        dbus_message_get_signature(raw).map { String(cString: $0) } ?? ""
    }

    /// The error name of an error reply.
    public var errorName: String? {
        dbus_message_get_error_name(raw).map { String(cString: $0) }
    }

    /// The human-readable message of an error reply (its first string argument), if any.
    public var errorMessage: String? {
        guard type == .error else { return nil }
        return (try? arguments)?.first?.stringValue
    }

    /// The serial number the sender gave the message; 0 before it is sent.
    public var serial: UInt32 {
        dbus_message_get_serial(raw)
    }

    /// The serial of the call this message answers; 0 for calls and signals.
    public var replySerial: UInt32 {
        dbus_message_get_reply_serial(raw)
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
