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
        switch wire.kind {
        case .methodCall: .methodCall
        case .methodReturn: .methodReturn
        case .error: .error
        case .signal: .signal
        }
    }

    /// The unique bus name of the sender, when the bus filled it in.
    public var sender: String? { wire.sender }

    /// The bus name the message is addressed to, if any.
    public var destination: String? { wire.destination }

    /// The object path of a method call or signal.
    public var path: ObjectPath? { wire.path }

    /// The interface of a method call or signal, if given.
    public var interface: InterfaceName? { wire.interface }

    /// The method or signal name.
    public var member: MemberName? { wire.member }

    /// The signature of the body, `""` when the body is empty.
    public var signature: String { wire.signature }

    /// The error name of an error reply.
    public var errorName: String? { wire.errorName?.rawValue }

    /// The human-readable message of an error reply (its first string argument), if any.
    public var errorMessage: String? {
        guard wire.kind == .error else { return nil }
        return (try? arguments)?.first?.stringValue
    }

    /// The serial number the sender gave the message; 0 before it is sent.
    public var serial: UInt32 { wire.serial }

    /// The serial of the call this message answers; 0 for calls and signals.
    public var replySerial: UInt32 { wire.replySerial ?? 0 }

    /// Whether the caller asked not to get a reply (the `NO_REPLY_EXPECTED` flag).
    public var noReplyExpected: Bool {
        get { wire.flags.contains(.noReplyExpected) }
        set {
            if newValue {
                wire.flags.insert(.noReplyExpected)
            } else {
                wire.flags.remove(.noReplyExpected)
            }
        }
    }

    /// Whether this is a signal with the given interface and member.
    public func isSignal(interface: InterfaceName, member: MemberName) -> Bool {
        wire.kind == .signal && wire.interface == interface && wire.member == member
    }
}
