/// Which signals a handler of a ``SignalRouter`` receives: the fields of a D-Bus match rule, `nil` for any.
public struct SignalRule: Hashable, Sendable {
    /// The bus's own name, the sender of `NameOwnerChanged`, `NameAcquired` and `NameLost`; no peer can take it.
    public static let bus = "org.freedesktop.DBus"

    /// The sender: a well-known name (whose current unique owner the router checks), a unique name, or the bus.
    public var sender: String?
    /// The emitting object.
    public var path: String?
    /// The signal's interface.
    public var interface: String
    /// The signal's name.
    public var member: String
    /// The first argument, when it is a string: `arg0` in the rule.
    public var firstArgument: String?
    /// Whether the bus needs a match rule; signals the bus sends to this connection alone (`NameAcquired`) need none.
    public var needsMatchRule: Bool

    /// Creates a rule.
    public init(
        sender: String? = nil, path: String? = nil, interface: String, member: String, firstArgument: String? = nil,
        needsMatchRule: Bool = true
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.firstArgument = firstArgument
        self.needsMatchRule = needsMatchRule
    }

    /// `NameOwnerChanged` for one name only, so the bus does not wake us for every other client that comes and goes.
    public static func nameOwnerChanged(_ name: String) -> SignalRule {
        SignalRule(
            sender: bus, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            firstArgument: name)
    }

    /// `PropertiesChanged` of the object at `path` owned by `sender`.
    public static func propertiesChanged(sender: String, path: String) -> SignalRule {
        SignalRule(
            sender: sender, path: path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged")
    }

    /// Whether the sender is a well-known name, whose owner must be followed to check a signal's sender.
    public var hasWellKnownSender: Bool {
        guard let sender else { return false }
        return !sender.hasPrefix(":") && sender != Self.bus
    }

    /// The rule as the bus reads it: `type='signal',sender='…',…,arg0='…'`.
    public var matchRule: String {
        var parts = ["type='signal'"]
        if let sender { parts.append("sender='\(sender)'") }
        if let path { parts.append("path='\(path)'") }
        parts.append("interface='\(interface)'")
        parts.append("member='\(member)'")
        if let firstArgument { parts.append("arg0='\(firstArgument)'") }
        return parts.joined(separator: ",")
    }

    /// Whether `message` is a signal this rule selects, coming from `expectedSender`: the unique name that owns the
    /// rule's well-known sender now (`nil` when none does or it is not known yet, which nothing matches), or the
    /// rule's own sender when that is a unique name or the bus.
    public func matches(_ message: DBusMessage, expectedSender: String?) -> Bool {
        guard message.type == .signal, message.interface?.rawValue == interface, message.member?.rawValue == member
        else { return false }
        if let path, message.path?.rawValue != path { return false }
        if sender != nil {
            guard let expectedSender, message.sender == expectedSender else { return false }
        }
        if let firstArgument {
            guard let arguments = try? message.arguments, arguments.first?.stringValue == firstArgument else {
                return false
            }
        }
        return true
    }
}
