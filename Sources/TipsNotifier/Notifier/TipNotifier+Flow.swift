import DBus
import FeelsSystem
import TipsCore

extension TipNotifier {
    /// Runs one evaluation from the loop soon, once however often it is asked for before it runs.
    func scheduleEvaluation() {
        guard !evaluationScheduled, !finished else { return }
        evaluationScheduled = true
        loop.scheduleIdle { [weak self] in
            guard let self else { return }
            self.evaluationScheduled = false
            self.evaluate()
        }
    }

    /// Decides whether to show a tip now, and shows it: the local conditions, then `NextNewTip`, then either the
    /// wait until `NextDisplayTime` or `GetLocalizedTip`, the server's capabilities, `Notify` and `DisplayTip`.
    func evaluate() {
        guard !finished else { return }
        guard !busy else {
            evaluateAgain = true
            return
        }
        // --once looks once: what is due now, not what becomes due while it waits for the user's answer.
        if configuration.once && evaluatedOnce { return }
        evaluatedOnce = true
        refreshConditions()
        if let reason = conditions.reasonToWait {
            // Standing by was said when the role was known.
            if reason != .standby { wait(reason) }
            return finishIfOnce()
        }
        busy = true
        callService("NextNewTip", [.string("")]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                self.serviceFailed(error)
            case .success(let values):
                guard let id = values.first?.stringValue else {
                    return self.chainEnded(problem: "NextNewTip answered '\(values)', expected a tip id")
                }
                if id.isEmpty {
                    self.waitForWindow()
                } else if self.notified[id] == false {
                    self.wait(.alreadyNotified(id))
                    self.chainEnded()
                } else {
                    // A recorded display the service no longer knows was undone by ResetAllTips: the tip is new again.
                    self.notified[id] = nil
                    self.fetchTip(id)
                }
            }
        }
    }

    /// Reports a reason to wait, once for as long as it stays the same.
    func wait(_ reason: WaitReason) {
        guard reason != lastWait else { return }
        lastWait = reason
        onEvent(.waiting(reason))
    }

    /// Ends an evaluation: runs the next one if something asked for it meanwhile, or finishes `--once`.
    func chainEnded(problem: String? = nil) {
        busy = false
        if let problem { onEvent(.problem(problem)) }
        if evaluateAgain {
            evaluateAgain = false
            scheduleEvaluation()
        }
        finishIfOnce()
    }

    private func serviceFailed(_ error: DBusError) {
        if case .remote(let name, let message) = error,
            name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
                || name == "org.freedesktop.DBus.Error.Spawn.ChildExited"
        {
            wait(.serviceUnavailable(message))
            return chainEnded()
        }
        chainEnded(problem: "Failed to ask org.feels.Tips for a tip: \(error)")
    }

    /// No new tip now: wait for the window's end with the wall-clock alarm, or for a tip to become available.
    private func waitForWindow() {
        readServiceProperty("NextDisplayTime") { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                self.chainEnded(problem: "Failed to read NextDisplayTime: \(error)")
            case .success(let value):
                let next = Instant(microsecondsSinceEpoch: value.int64Value ?? 0)
                if next > SystemClock().now {
                    do {
                        try self.alarm?.set(next)
                    } catch {
                        return self.chainEnded(problem: "\(error); the next tip waits for the service's signals")
                    }
                    self.wait(.windowClosed(until: next))
                } else {
                    self.alarm?.cancel()
                    self.wait(.noNewTip)
                }
                self.chainEnded()
            }
        }
    }

    private func fetchTip(_ id: String) {
        callService("GetLocalizedTip", [.string(id), .string(configuration.locale)]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                self.chainEnded(problem: "Failed to read tip '\(id)': \(error)")
            case .success(let values):
                let tip = values.first?.vardictValue ?? [:]
                guard let title = tip["title"]?.stringValue, let message = tip["message"]?.stringValue else {
                    return self.chainEnded(problem: "GetLocalizedTip('\(id)') gave no title or message")
                }
                self.askCapabilities(showing: id) { capabilities in
                    self.show(
                        id, title: title, message: message, icon: tip["icon"]?.stringValue ?? "",
                        testingSwitch: tip["override"]?.stringValue ?? "", capabilities)
                }
            }
        }
    }

    /// Asks the server what it can do; a server that is installed but not running is started by the call.
    private func askCapabilities(showing id: String, then body: @escaping (Set<String>) -> Void) {
        do {
            try connection.call(
                destination: BusName(NotificationServerWatch.name), path: ObjectPath(NotificationServerWatch.path),
                interface: InterfaceName(NotificationServerWatch.name), member: "GetCapabilities",
                timeout: .seconds(25)
            ) { [weak self] result in
                switch result {
                case .failure(let error):
                    self?.showingFailed(id: id, reason: "GetCapabilities failed: \(error)")
                case .success(let values):
                    body(Set(values.first?.stringArrayValue ?? []))
                }
            }
        } catch {
            showingFailed(id: id, reason: "GetCapabilities failed: \(error)")
        }
    }

    private func showingFailed(id: String, reason: String) {
        server?.showingFailed()
        onEvent(.notifyFailed(id: id, reason: reason))
        wait(.noServer)
        chainEnded()
    }

    private func show(
        _ id: String, title: String, message: String, icon: String, testingSwitch: String, _ capabilities: Set<String>
    ) {
        let content = TipNotificationContent.make(
            title: title, message: message, icon: icon, capabilities: capabilities,
            translate: configuration.translate)
        let notification = DesktopNotification(content)
        notification.onAction = { [weak self] action in self?.actionInvoked(id: id, action: action) }
        notification.onClosed = { [weak self] reason in self?.closed(id: id, reason: reason) }
        do {
            try notification.show()
        } catch {
            return showingFailed(id: id, reason: error.description)
        }
        notified[id] = false
        showing[id] = Showing(notification: notification)
        lastWait = nil
        callService("DisplayTip", [.string(id)]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let values) where values.first?.boolValue == true:
                // Under a testing switch the service shows the tip but records nothing.
                self.notified[id] = testingSwitch.isEmpty
                self.onEvent(.shown(id: id, title: title))
                // With a window shorter than a notification's life (or none), the next tip may be due already.
                if !self.configuration.once { self.evaluateAgain = true }
                self.chainEnded()
            case .success:
                try? self.showing[id]?.notification.close()
                self.onEvent(.displayRefused(id: id))
                self.chainEnded()
            case .failure(let error):
                self.chainEnded(problem: "Showed '\(id)' but could not record its display: \(error)")
            }
        }
    }

    // MARK: - Calls to the service

    /// Calls a method of `org.feels.Tips1`; the bus starts the service for the call when it is installed but not
    /// running.
    func callService(
        _ member: MemberName, _ arguments: [DBusValue], completion: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) {
        do {
            try connection.call(
                destination: Self.service, path: Self.servicePath, interface: Self.serviceInterface, member: member,
                arguments: arguments, timeout: .seconds(25), completion: completion)
        } catch {
            completion(.failure(error))
        }
    }

    private func readServiceProperty(_ name: String, completion: @escaping (Result<DBusValue, DBusError>) -> Void) {
        do {
            try connection.call(
                destination: Self.service, path: Self.servicePath, interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string(Self.serviceInterface.rawValue), .string(name)],
                timeout: .seconds(25)
            ) { result in
                completion(
                    result.flatMap { values in
                        values.first?.variantValue.map { .success($0) }
                            ?? .failure(.invalidMessage("Get('\(name)') returned no variant"))
                    })
            }
        } catch {
            completion(.failure(error))
        }
    }
}
