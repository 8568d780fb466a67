import DBus

extension TipNotifier {
    func followService() throws(DBusError) {
        let service = try ServiceWatch(connection: connection, router: router)
        service.onChange = { [weak self] in self?.factsChanged() }
        service.onTipChange = { [weak self] tip, kind in self?.send(.tipChanged(tip, kind)) }
        self.service = service
    }

    func followDesktop() throws(DBusError) {
        let app = try FeelsAppWatch(router: router, environment: environment)
        app.onChange = { [weak self] in self?.factsChanged() }
        self.app = app
        // Only GNOME reads its settings; elsewhere GSettings would start dconf's worker thread for nothing.
        let desktops = environment["XDG_CURRENT_DESKTOP"]?.split(separator: ":") ?? []
        // The server's owner is followed before its flags: when it changes, the machine hears of it first (and
        // asks a new server's capabilities at most), then of the flags being asked again, before any answer comes.
        // The other way round, a server leaving with its flags would look for a moment like the old one unsilenced.
        let server = try NotificationServerWatch(connection: connection, router: router)
        server.onChange = { [weak self] in self?.factsChanged() }
        self.server = server
        let silence = try SilenceWatch(
            connection: connection, router: router,
            gnomeEntry: desktops.contains("GNOME")
                ? TipNotificationContent.desktopEntry(appInstalled: app.facts.installed) : nil)
        silence.onChange = { [weak self] in self?.factsChanged() }
        self.silence = silence
        let presence = try PresenceWatch(sessionBus: connection, router: router)
        presence.onChange = { [weak self] in self?.factsChanged() }
        self.presence = presence
    }

    func requestRole() throws(DBusError) {
        let name = Self.busName.rawValue
        try router.add(
            SignalRule(
                sender: SignalRule.bus, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameAcquired", firstArgument: name, needsMatchRule: false)
        ) { [weak self] _ in self?.roleChanged(.active) }
        try router.add(
            SignalRule(
                sender: SignalRule.bus, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "NameLost", firstArgument: name, needsMatchRule: false)
        ) { [weak self] _ in self?.roleChanged(.standby) }
        // --once never queues (the flag DO_NOT_QUEUE, 4): it has no later in which to take over.
        let flags: UInt32 = options.once ? 4 : 0
        try connection.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "RequestName", arguments: [.string(name), .uint32(flags)], timeout: .seconds(25)
        ) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let values):
                switch values.first?.uint32Value {
                case 1, 4: self.roleChanged(.active)
                case 2: self.roleChanged(.standby)
                default: self.roleChanged(.another)
                }
            case .failure(let error):
                self.report(.problem("The bus refused the name '\(name)': \(error)"))
                self.roleChanged(.another)
            }
        }
    }

    private func roleChanged(_ new: NotifierFacts.Role) {
        // The reply to RequestName and NameAcquired both say so.
        guard new != role else { return }
        role = new
        factsChanged()
    }
}
