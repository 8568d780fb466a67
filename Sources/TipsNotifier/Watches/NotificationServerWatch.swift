import DBus

/// Follows the desktop's notification server, `org.freedesktop.Notifications`: whether one runs or can be started, and
/// whether it holds notifications back (its `Inhibited` property where it has one, KDE's; dunst's `paused`). libnotify
/// makes the calls and follows what the server says of its notifications, but neither the name's owner (a server
/// leaving with our notification, which the next one shows again) nor whether one can be started.
///
/// Every signal is believed only from the name's current owner at the specification's object path.
public final class NotificationServerWatch {
    /// The bus name every notification server owns.
    public static let name = "org.freedesktop.Notifications"
    /// Its object.
    public static let path = "/org/freedesktop/Notifications"
    /// dunst's own interface, with its `paused` property.
    static let dunstInterface = "org.dunstproject.cmd0"

    /// Whether a server runs or can be started.
    public private(set) var facts = NotifierFacts.Server()
    /// Whether the server says notifications are inhibited (do not disturb).
    public private(set) var isInhibited = false
    /// Whether dunst says it is paused: it queues notifications and shows them when resumed.
    public private(set) var isPaused = false
    /// Called from dispatch when ``facts``, ``isInhibited`` or ``isPaused`` changes.
    public var onChange: (() -> Void)?
    /// Whether the running server has answered (or failed to) whether it holds notifications back.
    public var isSettled: Bool { unansweredQuestions == 0 }
    private var unansweredQuestions = 0
    private weak var connection: DBusConnection?
    private var ownerKnown = false
    private var activatableKnown = false

    /// Starts following the server; asks the bus whether one runs or can be started.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    public init(connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        self.connection = connection
        try router.add(.propertiesChanged(sender: Self.name, path: Self.path)) { [weak self] message in
            guard let self, let arguments = try? message.arguments, arguments.count >= 2,
                let changed = arguments[1].vardictValue
            else { return }
            switch arguments[0].stringValue {
            case Self.name: self.update(inhibited: changed["Inhibited"]?.boolValue)
            case Self.dunstInterface: self.update(paused: changed["paused"]?.boolValue)
            default: break
            }
        }
        try router.followOwner(of: Self.name) { [weak self] owner in
            guard let self else { return }
            self.facts.owner = owner
            self.ownerKnown = true
            self.isInhibited = false
            self.isPaused = false
            self.unansweredQuestions = 0
            if let owner { self.askWhetherHeldBack(owner) }
            self.announce()
        }
        try connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListActivatableNames", timeout: .seconds(25)
        ) { [weak self] result in
            guard let self else { return }
            self.facts.activatable = (try? result.get())?.first?.stringArrayValue?.contains(Self.name) ?? false
            self.activatableKnown = true
            self.announce()
        }
    }

    private func announce() {
        facts.known = ownerKnown && activatableKnown
        if facts.known { onChange?() }
    }

    private func update(inhibited: Bool? = nil, paused: Bool? = nil) {
        let before = (isInhibited, isPaused)
        if let inhibited { isInhibited = inhibited }
        if let paused { isPaused = paused }
        if before != (isInhibited, isPaused) { onChange?() }
    }

    /// Reads `Inhibited` and `paused` from a server that just appeared; a server without them answers with errors,
    /// and never holds notifications back as far as we can tell.
    private func askWhetherHeldBack(_ owner: String) {
        guard let connection, let destination = try? BusName(owner) else { return }
        unansweredQuestions = 0
        for (interface, property) in [(Self.name, "Inhibited"), (Self.dunstInterface, "paused")] {
            do {
                try connection.call(
                    destination: destination, path: ObjectPath(Self.path),
                    interface: "org.freedesktop.DBus.Properties", member: "Get",
                    arguments: [.string(interface), .string(property)], timeout: .seconds(5)
                ) { [weak self] result in
                    guard let self, self.facts.owner == owner else { return }
                    self.unansweredQuestions -= 1
                    let flag = (try? result.get())?.first?.variantValue?.boolValue ?? false
                    if interface == Self.name { self.update(inhibited: flag) } else { self.update(paused: flag) }
                    if self.isSettled { self.onChange?() }
                }
                unansweredQuestions += 1
            } catch {
                continue
            }
        }
    }
}
