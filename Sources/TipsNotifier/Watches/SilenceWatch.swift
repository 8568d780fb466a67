import DBus

/// Whether the user silenced notifications, by every switch a desktop lets a client see: the notification server's
/// `Inhibited` property (KDE Plasma), dunst's `paused`, xfce4-notifyd's do-not-disturb, and, in a GNOME session,
/// GNOME's notification settings (``GNOMENotificationSettings``).
///
/// Xfce's switch is the `/do-not-disturb` property of the xfconf channel `xfce4-notifyd`, read over
/// `org.xfce.Xfconf` and followed through its `PropertyChanged` and `PropertyRemoved`; only a running xfconfd is
/// asked, so outside Xfce nothing is started for it.
final class SilenceWatch {
    static let dunstInterface = "org.dunstproject.cmd0"
    static let xfconf = "org.xfce.Xfconf"
    static let xfconfPath = "/org/xfce/Xfconf"
    static let xfceChannel = "xfce4-notifyd"
    static let xfceProperty = "/do-not-disturb"

    /// Called from dispatch, or from the main loop for GNOME's settings, when ``silencer`` or ``isSettled`` may have
    /// changed.
    var onChange: (() -> Void)?
    /// GNOME's settings, when they are followed: in a GNOME session, with GNOME's schemas installed.
    let gnome: GNOMENotificationSettings?
    private let serverInhibited: PeerFlag
    private let serverPaused: PeerFlag
    private let xfceDoNotDisturb: PeerFlag

    /// Starts following every switch; GNOME's for the desktop entry `gnomeEntry`, or not at all when `nil`.
    ///
    /// - Throws: `DBusError` when the questions and match rules cannot be sent.
    init(connection: DBusConnection, router: SignalRouter, gnomeEntry: String?) throws(DBusError) {
        let server = NotificationServerWatch.name
        let serverPath = NotificationServerWatch.path
        serverInhibited = try PeerFlag(
            property: "Inhibited", of: server, name: server, path: serverPath, connection: connection, router: router)
        serverPaused = try PeerFlag(
            property: "paused", of: Self.dunstInterface, name: server, path: serverPath, connection: connection,
            router: router)
        let property = Self.xfceProperty
        xfceDoNotDisturb = try PeerFlag(
            name: Self.xfconf,
            question: PeerFlag.Question(
                path: Self.xfconfPath, interface: Self.xfconf, member: "GetProperty",
                arguments: [.string(Self.xfceChannel), .string(property)]),
            signals: [
                (
                    Self.xfconfRule("PropertyChanged"),
                    { $0.count == 3 && $0[1].stringValue == property ? $0[2].variantValue?.boolValue ?? false : nil }
                ),
                (Self.xfconfRule("PropertyRemoved"), { $0.count == 2 && $0[1].stringValue == property ? false : nil }),
            ], connection: connection, router: router)
        gnome = gnomeEntry.flatMap(GNOMENotificationSettings.init(entry:))
        for flag in [serverInhibited, serverPaused, xfceDoNotDisturb] {
            flag.onChange = { [weak self] in self?.onChange?() }
        }
        gnome?.onChange = { [weak self] in self?.onChange?() }
    }

    /// What silences notifications now, if anything.
    var silencer: WaitReason.Silencer? {
        if serverInhibited.isOn { return .serverInhibited }
        if serverPaused.isOn { return .serverPaused }
        if xfceDoNotDisturb.isOn { return .xfceDoNotDisturb }
        return gnome?.silencer
    }

    /// Whether the running server and xfconfd have answered (or failed to) whether they hold notifications back.
    var isSettled: Bool {
        serverInhibited.isSettled && serverPaused.isSettled && xfceDoNotDisturb.isSettled
    }

    private static func xfconfRule(_ member: String) -> SignalRule {
        SignalRule(sender: xfconf, path: xfconfPath, interface: xfconf, member: member, firstArgument: xfceChannel)
    }
}
