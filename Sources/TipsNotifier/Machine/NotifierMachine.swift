import TipsCore

/// The notifier's decisions, written down in one place: what it knows and has under way, each input it can get, and
/// the effects each input asks for. No bus, no GLib, no clock of its own: the runtime feeds it ``NotifierInput``s
/// with the instant they happened and carries out the ``NotifierEffect``s it returns.
///
/// Its own state is small: at most one step under way (asking the server what it can do, or the service for a
/// claim), the tips it claimed with their notifications (``TipNotification``: pending while the server takes its time
/// to answer `Notify`, on screen, unanswered, lost or handed off), and why it waits. Every path out of
/// every state ends either in a notification shown or in a stated reason to wait with something that ends the wait
/// (a fact changing, the alarm, the retry timer): it never remembers a tip as "already shown" on its own, since the
/// service's claim is what says so.
struct NotifierMachine {
    /// How the notifier runs.
    struct Configuration {
        /// Look once: show what is due now, wait for the user's answer, then finish.
        var once: Bool
        /// Translates the notifier's own words.
        var translate: (String) -> String
    }

    /// The step under way, if any: one at a time.
    enum Step: Equatable, Sendable {
        /// Nothing is awaited.
        case idle
        /// `GetCapabilities` is awaited.
        case askingCapabilities
        /// `ClaimNotificationTip` is awaited.
        case claiming
    }

    /// How long the first retry after a failing server or service waits; each failure in a row doubles it.
    static let firstRetry = Duration.seconds(30)
    /// The longest wait between two retries.
    static let longestRetry = Duration.seconds(30 * 60)

    /// The watches' latest facts.
    private(set) var facts = NotifierFacts()
    /// The step under way.
    private(set) var step = Step.idle
    /// The tips claimed that are not done with yet, oldest first.
    private(set) var notifications: [TipNotification] = []
    /// The reason to wait last reported.
    private(set) var waiting: WaitReason?
    /// Whether the notifier is done.
    private(set) var finished = false
    private let configuration: Configuration
    private var capabilities: (server: String, set: Set<String>)?
    /// Set when a claim found no tip; cleared by whatever may make one due.
    private var nothingToClaim = false
    /// Why the service cannot be used, from the last call that failed; cleared when it changes or the retry fires.
    private var serviceProblem: String?
    /// When the failing server is tried again.
    private var serverRetryAt: Instant?
    private var failuresInARow = 0
    private var alarm: Instant?
    private var lookedOnce = false
    private var waitingForOutcome = false
    /// The tips handed to the Feels app whose `ActivateAction` has not answered yet.
    private var openingApp: [TipID] = []
    /// Whether the display window reopened since a notification was last shown: only then may a new tip's
    /// notification replace one still on screen, so that tips come one at a time, and one a window.
    private var windowReopened = true

    /// A machine that knows nothing yet.
    init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Takes one input that happened at `now`, and returns what to do, in order.
    mutating func handle(_ input: NotifierInput, at now: Instant) -> [NotifierEffect] {
        guard !finished else { return [] }
        var effects: [NotifierEffect] = []
        switch input {
        case .facts(let new): factsChanged(to: new, &effects)
        case .alarm:
            alarm = nil
            nothingToClaim = false
            windowReopened = true
        case .retry:
            if let retryAt = serverRetryAt, retryAt <= now { serverRetryAt = nil }
            serviceProblem = nil
            nothingToClaim = false
        case .capabilities(let result): capabilitiesAnswered(result, at: now, &effects)
        case .claimed(let result): claimAnswered(result, at: now, &effects)
        case .notified(let tip, let result): notifyAnswered(tip, result, at: now, &effects)
        case .released(let tip, let shown, let result): releaseAnswered(tip, shown: shown, result, &effects)
        case .appActivated(let tip, let result):
            openingApp.removeAll { $0 == tip }
            if case .failure(let failure) = result {
                effects.append(.report(.appActivationFailed(id: tip, reason: failure.description)))
            }
        case .server(let signal): serverSaid(signal, &effects)
        case .tipChanged(let tip, let kind):
            switch kind {
            case .invalidated: withdraw(tip, because: "it was invalidated", &effects)
            case .forgotten: withdraw(tip, because: "the tips were reset", &effects)
            case .mayBeDue: break
            }
            nothingToClaim = false
        case .outcomeWaitEnded, .stop:
            finish(&effects)
            return effects
        }
        evaluate(at: now, &effects)
        return effects
    }

    // MARK: - Facts

    private mutating func factsChanged(to new: NotifierFacts, _ effects: inout [NotifierEffect]) {
        let old = facts
        facts = new
        if new.role != old.role {
            switch new.role {
            case .active: effects.append(.report(.becameActive))
            case .standby: effects.append(.report(.standingBy))
            case .another:
                effects.append(.report(.anotherNotifierIsActive))
                finish(&effects)
                return
            case .unknown: break
            }
            waiting = nil
        }
        if new.optOut != old.optOut {
            switch new.optOut {
            case .on:
                if case .off(let path) = old.optOut {
                    effects.append(.report(.settingsChanged(enabled: true, path: path)))
                }
            case .off(let path): effects.append(.report(.settingsChanged(enabled: false, path: path)))
            case .unreadable(let problem): effects.append(.report(.problem(problem)))
            }
            waiting = nil
        }
        if case .some(.some) = old.service.nextDisplayTime, case .some(nil) = new.service.nextDisplayTime {
            windowReopened = true
        }
        if new.service != old.service {
            if new.service.owner != old.service.owner, old.service.known {
                effects.append(.report(new.service.owner.map { .serviceAppeared(owner: $0) } ?? .serviceVanished))
            }
            serviceProblem = nil
            nothingToClaim = false
        }
        if new.server.owner != old.server.owner {
            serverChanged(from: old.server.owner, to: new.server.owner, reporting: old.server.known, &effects)
        }
        if new.app.running, !old.app.running, old.app.known {
            effects.append(.report(.appStarted))
            for notification in notifications {
                withdraw(notification.tip.id, because: "the Feels app started", &effects)
            }
        }
    }

    private mutating func serverChanged(
        from old: String?, to new: String?, reporting: Bool, _ effects: inout [NotifierEffect]
    ) {
        capabilities = nil
        failuresInARow = 0
        serverRetryAt = nil
        // Ids belong to the server that gave them: a new server starts again at 1.
        var lost: [TipID] = []
        for index in notifications.indices {
            switch notifications[index].phase {
            case .onScreen(let server, _) where server != new:
                notifications[index].phase = .lost
                lost.append(notifications[index].tip.id)
            case .unanswered(let server) where server != new:
                notifications[index].phase = .lost
                lost.append(notifications[index].tip.id)
            case .notifying(let server?, let again) where server != new:
                // Its answer, if any comes, is from a server that is gone.
                notifications[index].phase = .notifying(server: nil, again: again)
            default: break
            }
        }
        guard reporting else { return }
        if old != nil { effects.append(.report(.serverVanished(showing: lost))) }
        if let new { effects.append(.report(.serverAppeared(owner: new))) }
        waiting = nil
    }

    // MARK: - Answers

    private mutating func capabilitiesAnswered(
        _ result: Result<Set<String>, CallFailure>, at now: Instant, _ effects: inout [NotifierEffect]
    ) {
        guard step == .askingCapabilities else { return }
        step = .idle
        switch result {
        case .success(let set):
            capabilities = (facts.server.owner ?? "", set)
        case .failure(let failure):
            effects.append(.report(.problem("The notification server did not say what it can do: \(failure)")))
            serverFailed(at: now, &effects)
        }
    }

    private mutating func claimAnswered(
        _ result: Result<ClaimedTip?, CallFailure>, at now: Instant, _ effects: inout [NotifierEffect]
    ) {
        guard step == .claiming else { return }
        step = .idle
        switch result {
        case .success(nil):
            nothingToClaim = true
        case .success(let tip?):
            // The world may have changed while the service answered: a tip that cannot be shown now is given back.
            if let reason = reasonToWait(at: now) {
                effects.append(.release(tip.id, shown: false))
                report(reason, &effects)
                return
            }
            let content = TipNotificationContent.make(
                tip, capabilities: capabilities?.set ?? [], appInstalled: facts.app.installed,
                translate: configuration.translate)
            let replacing = notifications.compactMap(\.onScreenID).first ?? 0
            notifications.append(
                TipNotification(
                    tip: tip, content: content, phase: .notifying(server: facts.server.owner, again: false),
                    replacing: replacing))
            effects.append(.notify(tip.id, content, replacing: replacing))
        case .failure(let failure):
            serviceProblem = failure.description
            if !failure.peerUnavailable {
                effects.append(.report(.problem("Failed to claim a tip from org.feels.Tips: \(failure)")))
                effects.append(.retry(after: retryDelay()))
                failuresInARow += 1
            }
        }
    }

    private mutating func notifyAnswered(
        _ tip: TipID, _ result: Result<UInt32, CallFailure>, at now: Instant, _ effects: inout [NotifierEffect]
    ) {
        guard let index = notifications.firstIndex(where: { $0.tip.id == tip }),
            case .notifying(let server, let again) = notifications[index].phase
        else { return }
        var outcome = result
        let replacing = notifications[index].replacing
        // One tip is on screen at a time, so an id is either new or the one replaced; 0 names nothing.
        if case .success(0) = result {
            outcome = .failure(CallFailure("the server answered notification id 0, which names no notification"))
        }
        switch outcome {
        case .success(let id):
            guard let owner = server ?? facts.server.owner, owner == facts.server.owner else {
                // Answered by a server that has left since: the notification went with it.
                notifications[index].phase = .lost
                return
            }
            notifications[index].phase = .onScreen(server: owner, id: id)
            notifications[index].replacing = 0
            failuresInARow = 0
            serverRetryAt = nil
            windowReopened = false
            effects.append(
                .report(
                    again
                        ? .shownAgain(id: tip, notification: id)
                        : .shown(id: tip, title: notifications[index].tip.title, notification: id)))
            waiting = nil
            if replacing != 0,
                let old = notifications.firstIndex(where: { $0.onScreenID == replacing && $0.tip.id != tip })
            {
                let earlier = notifications.remove(at: old).tip.id
                // A server that did not replace it (it gave another id) still shows it: it is closed.
                if id != replacing { effects.append(.close(replacing)) }
                effects.append(.release(earlier, shown: true))
                effects.append(.report(.replaced(id: earlier, by: tip)))
            }
            if let reason = notifications.first(where: { $0.tip.id == tip })?.withdrawOnceShown {
                withdraw(tip, because: reason, &effects)
            }
        case .failure(let failure) where failure.timedOut:
            // Pending still, as far as the server goes: it may show it late, and a second Notify would be a copy.
            notifications[index].phase = .unanswered(server: server ?? facts.server.owner)
            effects.append(.report(.notifyUnanswered(id: tip, reason: failure.description)))
            if let reason = notifications[index].withdrawOnceShown {
                withdraw(tip, because: reason, &effects)
            }
        case .failure(let failure):
            if again {
                notifications[index].phase = .lost
            } else {
                notifications.remove(at: index)
                effects.append(.release(tip, shown: false))
                effects.append(.report(.notifyFailed(id: tip, reason: failure.description)))
            }
            serverFailed(at: now, &effects)
        }
    }

    private mutating func releaseAnswered(
        _ tip: TipID, shown: Bool, _ result: Result<Void, CallFailure>, _ effects: inout [NotifierEffect]
    ) {
        if case .failure(let failure) = result {
            effects.append(.report(.problem("Failed to release '\(tip)' (shown: \(shown)): \(failure)")))
        }
        if let index = notifications.firstIndex(where: { $0.tip.id == tip && $0.phase == .handedOff }) {
            let token = notifications[index].activationToken
            notifications.remove(at: index)
            openingApp.append(tip)
            effects.append(.activateApp(tip, activationToken: token))
        }
        if !shown { nothingToClaim = false }
    }

    private mutating func serverSaid(_ signal: ServerSignal, _ effects: inout [NotifierEffect]) {
        switch signal {
        case .activationToken(let id, let token):
            guard let index = notifications.firstIndex(where: { $0.onScreenID == id }) else { return }
            notifications[index].activationToken = token
        case .actionInvoked(let id, let action):
            guard let index = notifications.firstIndex(where: { $0.onScreenID == id }) else { return }
            let tip = notifications[index].tip.id
            switch action {
            case TipNotificationContent.defaultAction:
                guard notifications[index].content.actions.contains(where: { $0.id == action }) else {
                    // A server that sends a click it was not offered: without the app, it leads nowhere.
                    effects.append(.report(.clickedWithoutApp(id: tip)))
                    return
                }
                notifications[index].phase = .handedOff
                effects.append(.report(.handedToApp(id: tip)))
                effects.append(.release(tip, shown: true))
                // mako, for one, leaves the box on screen after its action.
                effects.append(.close(id))
            case TipNotificationContent.disableAction:
                effects.append(.turnOff)
                effects.append(.report(.turnedOffFromNotification))
            default:
                break
            }
        case .closed(let id, let reason):
            guard let index = notifications.firstIndex(where: { $0.onScreenID == id }) else { return }
            let tip = notifications.remove(at: index).tip.id
            effects.append(.report(.closed(id: tip, reason: reason)))
            effects.append(.release(tip, shown: true))
        }
    }

    // MARK: - Withdrawing, failing, finishing

    private mutating func withdraw(_ tip: TipID, because reason: String, _ effects: inout [NotifierEffect]) {
        guard let index = notifications.firstIndex(where: { $0.tip.id == tip }) else { return }
        switch notifications[index].phase {
        case .onScreen, .lost, .unanswered:
            if let id = notifications.remove(at: index).onScreenID { effects.append(.close(id)) }
            effects.append(.release(tip, shown: true))
            effects.append(.report(.withdrawn(id: tip, reason: reason)))
        case .notifying:
            notifications[index].withdrawOnceShown = reason
            effects.append(.report(.withdrawalPending(id: tip, reason: reason)))
        case .handedOff:
            break
        }
    }

    private mutating func serverFailed(at now: Instant, _ effects: inout [NotifierEffect]) {
        let delay = retryDelay()
        failuresInARow += 1
        serverRetryAt = now.advanced(byMicroseconds: Int64(delay.components.seconds) * 1_000_000)
        effects.append(.retry(after: delay))
        waiting = nil
    }

    private func retryDelay() -> Duration {
        let doublings = min(failuresInARow, 6)
        return min(Self.firstRetry * (1 << doublings), Self.longestRetry)
    }

    private mutating func finish(_ effects: inout [NotifierEffect]) {
        guard !finished else { return }
        finished = true
        for notification in notifications {
            switch notification.phase {
            case .onScreen, .lost, .notifying, .unanswered:
                // Left on screen, a click would lead nowhere once this process is gone.
                if let id = notification.onScreenID { effects.append(.close(id)) }
                effects.append(.release(notification.tip.id, shown: true))
            case .handedOff:
                effects.append(.activateApp(notification.tip.id, activationToken: notification.activationToken))
            }
        }
        notifications.removeAll()
        if alarm != nil { effects.append(.cancelAlarm) }
        effects.append(.finish)
    }

    // MARK: - Deciding

    private mutating func evaluate(at now: Instant, _ effects: inout [NotifierEffect]) {
        guard !finished, facts.isComplete, step == .idle else { return }
        if configuration.once, lookedOnce {
            return finishOnceDone(&effects)
        }
        if reasonNotToShow(at: now) == nil, !notifications.contains(where: \.isNotifying),
            let index = notifications.firstIndex(where: { $0.phase == .lost })
        {
            return showAgain(at: index, &effects)
        }
        if let reason = reasonToWait(at: now) {
            report(reason, &effects)
            return finishOnceLooked(&effects)
        }
        guard !notifications.contains(where: \.isNotifying) else { return }
        if let unanswered = notifications.first(where: \.isUnanswered) {
            report(.serverUnanswered(unanswered.tip.id), &effects)
            return finishOnceLooked(&effects)
        }
        if !windowReopened, let onScreen = notifications.first(where: { $0.onScreenID != nil }) {
            report(.tipOnScreen(onScreen.tip.id), &effects)
            return finishOnceLooked(&effects)
        }
        guard capabilities(&effects) != nil else { return }
        step = .claiming
        lookedOnce = true
        effects.append(.claim)
    }

    /// The capabilities of the server that runs now, when known; otherwise they are asked for.
    private mutating func capabilities(_ effects: inout [NotifierEffect]) -> Set<String>? {
        if let capabilities, capabilities.server == facts.server.owner ?? "" { return capabilities.set }
        step = .askingCapabilities
        effects.append(.askCapabilities)
        return nil
    }

    private mutating func showAgain(at index: Int, _ effects: inout [NotifierEffect]) {
        guard let capabilities = capabilities(&effects) else { return }
        let tip = notifications[index].tip
        let content = TipNotificationContent.make(
            tip, capabilities: capabilities, appInstalled: facts.app.installed, translate: configuration.translate)
        notifications[index].content = content
        notifications[index].phase = .notifying(server: facts.server.owner, again: true)
        effects.append(.notify(tip.id, content, replacing: 0))
    }

    /// Why nothing new may be claimed now, checked in this order; `nil` when a claim may be tried.
    private func reasonToWait(at now: Instant) -> WaitReason? {
        if let reason = reasonNotToShow(at: now) { return reason }
        if let tip = openingApp.first { return .openingApp(tip) }
        if let serviceProblem { return .serviceUnavailable(serviceProblem) }
        if facts.service.owner != nil {
            if facts.service.daysUsingApp == 0 { return .notUsedYet }
            if case let until?? = facts.service.nextDisplayTime, until > now { return .windowClosed(until: until) }
        }
        if nothingToClaim { return .noNewTip }
        return nil
    }

    /// Why nothing may be shown now, not even a notification lost with its server, which needs no claim; `nil` when
    /// the user may be shown a notification.
    private func reasonNotToShow(at now: Instant) -> WaitReason? {
        if facts.role != .active { return .standby }
        switch facts.optOut {
        case .on: break
        case .off(let path): return .turnedOff(path: path)
        case .unreadable(let problem): return .unreadableSettings(problem)
        }
        if facts.app.running { return .appRunning }
        if let absence = facts.absence { return .away(absence) }
        if let silencer = facts.silencer { return .silenced(silencer) }
        if facts.server.owner == nil, !facts.server.activatable { return .noServer }
        if let retryAt = serverRetryAt, retryAt > now { return .serverFailing(retryAt: retryAt) }
        return nil
    }

    private mutating func report(_ reason: WaitReason, _ effects: inout [NotifierEffect]) {
        if case .windowClosed(let until) = reason, alarm != until {
            alarm = until
            effects.append(.setAlarm(until))
        }
        // Standing by was said when the role was known.
        guard reason != waiting else { return }
        waiting = reason
        if reason != .standby { effects.append(.report(.waiting(reason))) }
    }

    /// With `--once`: after the first look, finishes unless a notification awaits the user's answer.
    private mutating func finishOnceLooked(_ effects: inout [NotifierEffect]) {
        guard configuration.once else { return }
        lookedOnce = true
        finishOnceDone(&effects)
    }

    private mutating func finishOnceDone(_ effects: inout [NotifierEffect]) {
        guard step == .idle, !notifications.contains(where: \.isNotifying) else { return }
        if notifications.isEmpty { return finish(&effects) }
        guard !waitingForOutcome else { return }
        waitingForOutcome = true
        effects.append(.waitForOutcome)
    }
}

extension TipNotification {
    /// Whether `Notify` is on its way.
    var isNotifying: Bool {
        if case .notifying = phase { true } else { false }
    }

    /// Whether `Notify` went unanswered for longer than libnotify waits.
    var isUnanswered: Bool {
        if case .unanswered = phase { true } else { false }
    }
}
