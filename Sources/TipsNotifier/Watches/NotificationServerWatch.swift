import DBus

/// Follows the desktop's notification server, `org.freedesktop.Notifications`: whether one runs or can be started.
/// libnotify makes the calls and follows what the server says of its notifications, but neither the name's owner (a
/// server leaving with our notification, which the next one shows again) nor whether one can be started; whether it
/// holds notifications back is ``SilenceWatch``'s.
final class NotificationServerWatch {
    /// The bus name every notification server owns.
    static let name = "org.freedesktop.Notifications"
    /// Its object.
    static let path = "/org/freedesktop/Notifications"

    /// Whether a server runs or can be started.
    private(set) var facts = NotifierFacts.Server()
    /// Called from dispatch when ``facts`` changes, once both are known.
    var onChange: (() -> Void)?
    private var ownerKnown = false
    private var activatableKnown = false

    /// Starts following the server; asks the bus whether one runs or can be started.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    init(connection: DBusConnection, router: SignalRouter) throws(DBusError) {
        try router.followOwner(of: Self.name) { [weak self] owner in
            guard let self else { return }
            self.facts.owner = owner
            self.ownerKnown = true
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
}
