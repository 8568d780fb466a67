/// A method call as a handler sees it: who called, what, and the decoded arguments.
public struct DBusMethodCall: Sendable {
    /// The caller's unique bus name, when the bus filled it in.
    public var sender: String?
    /// The object called.
    public var path: ObjectPath
    /// The interface given by the caller, if any.
    public var interface: InterfaceName?
    /// The method called.
    public var member: MemberName
    /// The arguments, already checked against the method's input signature.
    public var arguments: [DBusValue]

    /// Creates a call description (the connection builds these; tests may too).
    public init(
        sender: String?, path: ObjectPath, interface: InterfaceName?, member: MemberName, arguments: [DBusValue]
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
