import DBus

extension TipNotifier {
    /// The user chose an action: a click performs the tip's action, the button turns tip notifications off.
    func actionInvoked(id: String, action: String) {
        let first = showing[id]?.actionInvoked == false
        showing[id]?.actionInvoked = true
        onEvent(.actionInvoked(id: id, action: action))
        switch action {
        case TipNotificationContent.defaultAction:
            // A server may let the user click again; the tip was performed the first time.
            if first { invalidate(id, reason: "actionPerformed") }
        case TipNotificationContent.disableAction:
            do {
                try settings.save(enabled: false)
                onEvent(.turnedOffFromNotification(path: settings.path))
            } catch {
                onEvent(.problem("Failed to turn tip notifications off: \(error)"))
            }
        default:
            break
        }
    }

    /// The notification was closed: only the user dismissing it, with no action chosen before, closes the tip.
    func closed(id: String, reason: NotificationCloseReason) {
        let actionInvoked = showing.removeValue(forKey: id)?.actionInvoked ?? false
        onEvent(.closed(id: id, reason: reason))
        if reason == .dismissed && !actionInvoked {
            invalidate(id, reason: "tipClosed")
        }
        finishIfOnce()
    }

    private func invalidate(_ id: String, reason: String) {
        pendingOutcomeCalls += 1
        callService("InvalidateTip", [.string(id), .string(reason)]) { [weak self] result in
            guard let self else { return }
            self.pendingOutcomeCalls -= 1
            switch result {
            case .success: self.onEvent(.invalidated(id: id, reason: reason))
            case .failure(let error): self.onEvent(.problem("Failed to invalidate '\(id)' with '\(reason)': \(error)"))
            }
            self.finishIfOnce()
        }
    }

    // MARK: - --once

    /// With `--once`: finishes when the evaluation is over and no answer is awaited; the first time a notification
    /// is left waiting for the user, gives the user ``Configuration/outcomeWait`` to answer.
    func finishIfOnce() {
        guard configuration.once, !finished, evaluatedOnce, !busy, pendingOutcomeCalls == 0 else { return }
        if showing.isEmpty { return finish() }
        guard !outcomeTimerStarted else { return }
        outcomeTimerStarted = true
        _ = loop.addTimer(interval: configuration.outcomeWait, repeating: false) { [weak self] in
            guard let self, self.pendingOutcomeCalls == 0 else { return }
            self.finish()
        }
    }

    /// Stops for good and tells the executable.
    func finish() {
        guard !finished else { return }
        finished = true
        alarm?.cancel()
        onFinished()
    }
}
