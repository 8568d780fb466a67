import DBus
import TipsCore
import TipsInterface

extension TipNotifier {
    /// Carries out one effect; every call goes out without blocking, and its answer comes back as an input.
    func perform(_ effect: NotifierEffect) {
        switch effect {
        case .askCapabilities:
            serverThread?.send(.capabilities)
        case .claim:
            if let app {
                app.refreshInstalled()
                // GNOME's switches are those of the entry the notification will name.
                silence?.gnome?.follow(entry: TipNotificationContent.desktopEntry(appInstalled: app.facts.installed))
            }
            factsChanged()
            callService { [weak self] service, completion throws(DBusError) in
                let options = Tips1.WordsOptions(languages: self?.languages.map(\.text))
                let folders = self?.iconFolders ?? []
                try service.claimNotificationTip(options: options) { reply in
                    completion(reply.map { Self.claimedTip($0, iconFolders: folders) })
                }
            } completion: { [weak self] result in
                self?.send(.claimed(result))
            }
        case .notify(let tip, let content, let replacing):
            serverThread?.send(.notify(tip, content, replacing: replacing))
        case .close(let id):
            serverThread?.send(.close(id))
        case .release(let tip, let shown):
            callService { service, completion throws(DBusError) in
                try service.releaseNotificationTip(id: tip.rawValue, shown: shown) { completion($0) }
            } completion: { [weak self] result in
                self?.send(.released(tip, shown: shown, result))
            }
        case .activateApp(let tip, let token):
            activateApp(at: tip, token: token)
        case .turnOff:
            do {
                try settings.save(enabled: false)
            } catch {
                report(.problem("Failed to turn tip notifications off: \(error)"))
            }
        case .setAlarm(let instant):
            do {
                try alarm?.set(instant)
            } catch {
                report(.problem("\(error); the next tip waits for the service's signals"))
            }
        case .cancelAlarm:
            alarm?.cancel()
        case .retry(let delay):
            if let retryTimer { loop.removeTimer(retryTimer) }
            retryTimer = loop.addTimer(interval: delay, repeating: false) { [weak self] in
                self?.retryTimer = nil
                self?.send(.retry)
            }
        case .waitForOutcome:
            _ = loop.addTimer(interval: Self.outcomeWait, repeating: false) { [weak self] in
                self?.send(.outcomeWaitEnded)
            }
        case .report(let event):
            report(event)
        case .finish:
            alarm?.cancel()
            if let retryTimer { loop.removeTimer(retryTimer) }
            retryTimer = nil
            // The withdrawals asked just before go out first, unless the server's thread is stuck in a call.
            serverThread?.send(.catchUp)
            finishing = loop.addTimer(interval: Self.finishingWait, repeating: false) { [weak self] in
                self?.finishing = nil
                self?.finishNow()
            }
        }
    }

    /// `ActivateAction("show-tip", [<tip>], platform data)` of the Feels app; the bus starts it when it does not run.
    /// The activation token goes as both names apps read it under (`activation-token` for Wayland,
    /// `desktop-startup-id` for X11).
    private func activateApp(at tip: TipID, token: String?) {
        var platformData: [(String, DBusValue)] = []
        if let token {
            platformData = [("activation-token", .string(token)), ("desktop-startup-id", .string(token))]
        }
        do {
            try connection.call(
                destination: BusName(FeelsAppWatch.name), path: ObjectPath(FeelsAppWatch.path),
                interface: "org.freedesktop.Application", member: "ActivateAction",
                arguments: [
                    .string(FeelsAppWatch.showTipAction), .array("v", [.variant(.string(tip.rawValue))]),
                    .vardict(platformData),
                ], timeout: .seconds(25)
            ) { [weak self] result in
                self?.send(.appActivated(tip, result.map { _ in () }.mapError(Self.failure)))
            }
        } catch {
            send(.appActivated(tip, .failure(Self.failure(error))))
        }
    }

    // MARK: - Calls

    /// Calls `org.feels.Tips1` through its generated client; the bus starts the service for the call when it is
    /// installed but not running.
    private func callService<Reply>(
        _ call: (Tips1Client, @escaping (Result<Reply, DBusError>) -> Void) throws(DBusError) -> Void,
        completion: @escaping (Result<Reply, CallFailure>) -> Void
    ) {
        do {
            try call(Tips1Client(connection: connection)) { completion($0.mapError(Self.failure)) }
        } catch {
            completion(.failure(Self.failure(error)))
        }
    }

    /// A bus error as the machine reads it.
    static func failure(_ error: DBusError) -> CallFailure {
        guard case .remote(let name, _) = error else { return CallFailure(error.description) }
        let unavailable = [
            "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            Tips1.Error.inUse.rawValue,
        ]
        return CallFailure(
            error.description,
            peerUnavailable: unavailable.contains(name) || name.hasPrefix("org.freedesktop.DBus.Error.Spawn."))
    }

    /// The tip `ClaimNotificationTip` answered with, `nil` for none. Its icon is the first of its full-colour icons
    /// (a symbolic one is drawn grey by most servers) that Adwaita or hicolor has under `iconFolders/icons`, with that
    /// file as the image (``IconFile``); without one, the first full-colour name, for the server's theme to find.
    static func claimedTip(_ reply: Tips1.ClaimNotificationTipReply, iconFolders: [String]) -> ClaimedTip? {
        guard let tip = reply.tip else { return nil }
        let colour = tip.iconNames.filter { !$0.hasSuffix("-symbolic") }
        let found = IconFile.find(colour, in: iconFolders)
        let icon = found?.name ?? colour.first ?? tip.iconNames.first ?? ""
        return ClaimedTip(
            id: TipID(rawValue: tip.id), title: tip.notificationTitle, body: tip.notificationBody, icon: icon,
            image: found.map { IconFile.uri($0.path) })
    }
}
