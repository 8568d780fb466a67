import DBus

/// Which signals a handler of a ``SignalRouter`` receives: the fields of a D-Bus match rule, `nil` for any.
public struct SignalRule: Hashable, Sendable {
    /// The sending bus name; the bus applies it (a well-known name cannot be compared locally).
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
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameOwnerChanged", firstArgument: name)
    }

    /// `PropertiesChanged` of the object at `path` owned by `sender`.
    public static func propertiesChanged(sender: String, path: String) -> SignalRule {
        SignalRule(
            sender: sender, path: path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged")
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

    /// Whether `message` is a signal this rule selects, as far as can be told locally.
    public func matches(_ message: DBusMessage) -> Bool {
        guard message.type == .signal, message.interface?.rawValue == interface, message.member?.rawValue == member
        else { return false }
        if let path, message.path?.rawValue != path { return false }
        if let sender, sender.hasPrefix(":") || sender == "org.freedesktop.DBus", message.sender != sender {
            return false
        }
        if let firstArgument {
            guard let arguments = try? message.arguments, arguments.first?.stringValue == firstArgument else {
                return false
            }
        }
        return true
    }
}
