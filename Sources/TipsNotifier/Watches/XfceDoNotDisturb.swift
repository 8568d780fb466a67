import DBus

/// Follows xfce4-notifyd's do-not-disturb switch: the `/do-not-disturb` property of the xfconf channel
/// `xfce4-notifyd`, read over `org.xfce.Xfconf` and followed through its `PropertyChanged` and `PropertyRemoved`.
///
/// Only a running xfconfd is asked (the question goes to its unique name, which the bus cannot activate): outside
/// Xfce nothing is started for it. Its signals are believed only from its owner.
public final class XfceDoNotDisturb {
    static let name = "org.xfce.Xfconf"
    static let path = "/org/xfce/Xfconf"
    static let channel = "xfce4-notifyd"
    static let property = "/do-not-disturb"

    /// Whether do-not-disturb is on.
    public private(set) var isOn = false
    /// Called from dispatch when ``isOn`` changes.
    public var onChange: (() -> Void)?
    /// Whether the bus said whether xfconfd runs and, when it does, xfconfd answered (or failed to).
    public private(set) var isSettled = false
    private weak var connection: DBusConnection?
    private var owner: String?

    /// Starts following the switch.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    public init(connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.connection = connection
        try router.add(
            SignalRule(
                sender: Self.name, path: Self.path, interface: Self.name, member: "PropertyChanged",
                firstArgument: Self.channel)
        ) { [weak self] message in
            guard let arguments = try? message.arguments, arguments.count == 3,
                arguments[1].stringValue == Self.property
            else { return }
            self?.update(arguments[2].variantValue?.boolValue ?? false)
        }
        try router.add(
            SignalRule(
                sender: Self.name, path: Self.path, interface: Self.name, member: "PropertyRemoved",
                firstArgument: Self.channel)
        ) { [weak self] message in
            guard let arguments = try? message.arguments, arguments.count == 2,
                arguments[1].stringValue == Self.property
            else { return }
            self?.update(false)
        }
        try router.followOwner(of: Self.name) { [weak self] owner in
            guard let self else { return }
            self.owner = owner
            guard let owner else {
                self.isSettled = true
                return self.update(false, settling: true)
            }
            self.isSettled = false
            self.ask(owner)
        }
    }

    private func ask(_ owner: String) {
        guard let connection, let destination = try? BusName(owner) else { return }
        _ = try? connection.call(
            destination: destination, path: ObjectPath(Self.path), interface: InterfaceName(Self.name),
            member: "GetProperty", arguments: [.string(Self.channel), .string(Self.property)], timeout: .seconds(5)
        ) { [weak self] result in
            guard let self, self.owner == owner else { return }
            self.isSettled = true
            // An unset property is an error: do-not-disturb was never turned on.
            self.update((try? result.get())?.first?.variantValue?.boolValue ?? false, settling: true)
        }
    }

    private func update(_ on: Bool, settling: Bool = false) {
        guard on != isOn || settling else { return }
        isOn = on
        onChange?()
    }
}
