import Testing
import TipsCore
import TipsInterface
@testable import TipsNotifier

/// The notifier's decisions without a bus: each input, and the effects it asks for.
@Suite("The notifier's state machine")
struct NotifierMachineTests {
    static let now = Instant(secondsSinceEpoch: 1_796_128_910)
    static let server = ":1.5"
    static let tip = ClaimedTip(
        id: .customizeLayout, title: "Personalize Your Experience",
        body: "Customize mood icons, colors, and layouts in Feels.", icon: "preferences-desktop-theme")
    static let second = ClaimedTip(
        id: .timeView, title: "View Your History", body: "Switch views in Feels.", icon: "x-office-calendar")

    /// Everything known: active, a server running, the service used today with its window open, the app installed
    /// and not running.
    static func ready(_ change: (inout NotifierFacts) -> Void = { _ in }) -> NotifierFacts {
        var facts = NotifierFacts()
        facts.role = .active
        facts.settled = true
        facts.server = NotifierFacts.Server(known: true, owner: server)
        facts.service = NotifierFacts.Service(known: true, owner: ":1.3", daysUsingApp: 1, nextDisplayTime: .some(nil))
        facts.app = NotifierFacts.App(known: true, running: false, installed: true)
        change(&facts)
        return facts
    }

    /// A machine that was told the facts, asked the capabilities and is waiting for its claim.
    static func claiming(
        _ facts: NotifierFacts = ready(), capabilities: Set<String> = ["body", "actions"], once: Bool = false
    ) -> NotifierMachine {
        var machine = NotifierMachine(configuration: .init(once: once, translate: { $0 }))
        _ = machine.handle(.facts(facts), at: now)
        _ = machine.handle(.capabilities(.success(capabilities)), at: now)
        return machine
    }

    /// When the window the first claim opened ends.
    static let windowEnd = now.advanced(byMicroseconds: 86_400_000_000)

    /// A machine with the first tip on screen as notification `id`, and the window its claim opened announced (as
    /// the service does before the server has answered `Notify`).
    static func showing(id: UInt32 = 1, once: Bool = false, _ facts: NotifierFacts = ready()) -> NotifierMachine {
        var machine = claiming(facts, once: once)
        _ = machine.handle(.claimed(.success(tip)), at: now)
        var closed = facts
        closed.service.nextDisplayTime = .some(windowEnd)
        _ = machine.handle(.facts(closed), at: now)
        _ = machine.handle(.notified(tip.id, .success(id)), at: now)
        return machine
    }

    static func reports(_ effects: [NotifierEffect]) -> [NotifierEvent] {
        effects.compactMap { if case .report(let event) = $0 { event } else { nil } }
    }

    static func calls(_ effects: [NotifierEffect]) -> [NotifierEffect] {
        effects.filter { if case .report = $0 { false } else { true } }
    }

    // MARK: - Showing

    @Test func nothingIsDecidedUntilTheBusHasAnsweredEveryQuestion() {
        var machine = NotifierMachine(configuration: .init(once: false, translate: { $0 }))
        var facts = Self.ready()
        facts.app.known = false
        #expect(Self.calls(machine.handle(.facts(facts), at: Self.now)).isEmpty)
        facts.app.known = true
        #expect(Self.calls(machine.handle(.facts(facts), at: Self.now)) == [.askCapabilities])
    }

    @Test func aReadyNotifierAsksWhatTheServerCanDoThenClaimsThenShowsTheTipAtNormalUrgency() throws {
        var machine = NotifierMachine(configuration: .init(once: false, translate: { "«\($0)»" }))
        #expect(Self.calls(machine.handle(.facts(Self.ready()), at: Self.now)) == [.askCapabilities])
        #expect(Self.calls(machine.handle(.capabilities(.success(["body", "actions"])), at: Self.now)) == [.claim])
        let effects = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        guard case .notify(let id, let content, replacing: 0)? = effects.first, effects.count == 1 else {
            Issue.record("expected one Notify: \(effects)")
            return
        }
        #expect(id == .customizeLayout)
        #expect(content.summary == Self.tip.title)
        #expect(content.body == Self.tip.body)
        #expect(content.icon == "preferences-desktop-theme")
        #expect(content.urgency == .normal, "GNOME Shell shows no banner for low urgency")
        #expect(content.desktopEntry == "org.feels.Feels")
        #expect(content.category == "x-feels.tip")
        #expect(
            content.actions == [
                NotificationAction(id: "default", label: "«Show in Feels»"),
                NotificationAction(id: "disable", label: "«Turn off tips»"),
            ])
        let shown = machine.handle(.notified(.customizeLayout, .success(7)), at: Self.now)
        #expect(Self.reports(shown).first == .shown(id: .customizeLayout, title: Self.tip.title, notification: 7))
        #expect(machine.notifications.map(\.phase) == [.onScreen(server: Self.server, id: 7)])
    }

    @Test func withoutTheAppANotificationHasNoDefactionActionAndNamesTheServicesEntry() throws {
        var machine = Self.claiming(Self.ready { $0.app.installed = false }, capabilities: ["body", "actions"])
        let effects = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        guard case .notify(_, let content, _)? = effects.first else {
            Issue.record("expected Notify: \(effects)")
            return
        }
        #expect(content.actions.map(\.id) == ["disable"], "a click that leads nowhere is no action")
        #expect(content.desktopEntry == Tips1.busName.rawValue)
    }

    @Test func aServerWithoutActionsGetsNoneAndOneThatReadsMarkupGetsTheBodyEscaped() throws {
        let tip = ClaimedTip(id: .siriShortcut, title: "T", body: "Run 'feels-tips log' <now> & \"then\"", icon: "i")
        var plain = Self.claiming(capabilities: ["body"])
        guard case .notify(_, let content, _)? = plain.handle(.claimed(.success(tip)), at: Self.now).first else {
            Issue.record("expected Notify")
            return
        }
        #expect(content.actions.isEmpty)
        #expect(content.body == tip.body)
        var markup = Self.claiming(capabilities: ["body", "body-markup"])
        guard case .notify(_, let escaped, _)? = markup.handle(.claimed(.success(tip)), at: Self.now).first else {
            Issue.record("expected Notify")
            return
        }
        #expect(escaped.body == "Run &#39;feels-tips log&#39; &lt;now&gt; &amp; &quot;then&quot;")
    }

    @Test func aTipClaimedJustAsTheUserLeftIsGivenBackUnseen() {
        var machine = Self.claiming()
        _ = machine.handle(.facts(Self.ready { $0.absence = .sessionLocked }), at: Self.now)
        let effects = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        #expect(Self.calls(effects) == [.release(.customizeLayout, shown: false)])
        #expect(Self.reports(effects) == [.waiting(.away(.sessionLocked))])
        #expect(machine.notifications.isEmpty)
    }

    @Test func noNewTipIsSaidOnceAndTheNextChangeOfATipLooksAgain() {
        var machine = Self.claiming()
        let none = machine.handle(.claimed(.success(nil)), at: Self.now)
        #expect(none == [.report(.waiting(.noNewTip))])
        #expect(machine.handle(.retry, at: Self.now) == [.claim])
        _ = machine.handle(.claimed(.success(nil)), at: Self.now)
        #expect(machine.handle(.tipChanged(.aiInsights, .mayBeDue), at: Self.now) == [.claim])
    }

    @Test func afterOneTipIsShownTheNextIsClaimedOnlyWhenTheWindowAllows() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let closed = machine.handle(
            .facts(Self.ready { $0.service.nextDisplayTime = .some(Self.windowEnd) }), at: Self.now)
        #expect(closed == [.setAlarm(Self.windowEnd), .report(.waiting(.windowClosed(until: Self.windowEnd)))])
        let shown = machine.handle(.notified(Self.tip.id, .success(1)), at: Self.now)
        #expect(Self.calls(shown).isEmpty, "the claim it made closed the window")
        #expect(machine.waiting == .windowClosed(until: Self.windowEnd))
        #expect(machine.handle(.alarm, at: Self.windowEnd) == [.claim])
    }

    @Test func withNoWindowTheNextTipComesOnceTheNotificationBeforeItIsClosed() {
        var machine = Self.claiming(Self.ready { $0.service.nextDisplayTime = .some(nil) })
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let shown = machine.handle(.notified(Self.tip.id, .success(1)), at: Self.now)
        #expect(Self.calls(shown).isEmpty, "one tip at a time: \(shown)")
        #expect(machine.waiting == .tipOnScreen(.customizeLayout))
        #expect(
            Self.calls(machine.handle(.server(.closed(1, .expired)), at: Self.now)) == [
                .release(.customizeLayout, shown: true), .claim,
            ])
    }

    @Test func onceTheWindowReopensTheNextTipReplacesTheOneStillOnScreen() {
        var machine = Self.showing(id: 3)
        #expect(machine.waiting == .windowClosed(until: Self.windowEnd))
        #expect(machine.handle(.alarm, at: Self.windowEnd) == [.claim])
        let effects = machine.handle(.claimed(.success(Self.second)), at: Self.windowEnd)
        guard case .notify(.timeView, _, replacing: 3)? = effects.first else {
            Issue.record("expected TimeViewTip replacing notification 3: \(effects)")
            return
        }
        let shown = machine.handle(.notified(.timeView, .success(3)), at: Self.windowEnd)
        #expect(Self.calls(shown) == [.release(.customizeLayout, shown: true)])
        #expect(Self.reports(shown).contains(.replaced(id: .customizeLayout, by: .timeView)))
        #expect(machine.notifications.map(\.phase) == [.onScreen(server: Self.server, id: 3)])
    }

    @Test func aServerThatDoesNotReplaceHasTheEarlierNotificationClosed() {
        var machine = Self.showing(id: 3)
        _ = machine.handle(.alarm, at: Self.windowEnd)
        _ = machine.handle(.claimed(.success(Self.second)), at: Self.windowEnd)
        let shown = machine.handle(.notified(.timeView, .success(4)), at: Self.windowEnd)
        #expect(Self.calls(shown) == [.close(3), .release(.customizeLayout, shown: true)])
        #expect(machine.notifications.map(\.tip.id) == [.timeView])
    }

    // MARK: - Reasons to wait

    @Test(
        arguments: [
            (ready { $0.role = .standby }, WaitReason.standby),
            (ready { $0.optOut = .off(path: "/c/feels/notifier.conf") }, .turnedOff(path: "/c/feels/notifier.conf")),
            (ready { $0.optOut = .unreadable("bad") }, .unreadableSettings("bad")),
            (ready { $0.app.running = true }, .appRunning),
            (ready { $0.absence = .sessionLocked }, .away(.sessionLocked)),
            (
                ready { $0.silencer = .gnomeAppDisabled("org.feels.Feels") },
                .silenced(.gnomeAppDisabled("org.feels.Feels"))
            ),
            (ready { $0.silencer = .xfceDoNotDisturb }, .silenced(.xfceDoNotDisturb)),
            (ready { $0.server = NotifierFacts.Server(known: true) }, .noServer),
            (ready { $0.service.daysUsingApp = 0 }, .notUsedYet),
            // The first reason in the order wins.
            (
                ready {
                    $0.optOut = .off(path: "/o")
                    $0.app.running = true
                    $0.absence = .sessionLocked
                }, .turnedOff(path: "/o")
            ),
            (
                ready {
                    $0.absence = .screenSaverActive("org.gnome.ScreenSaver")
                    $0.server = NotifierFacts.Server(known: true)
                }, .away(.screenSaverActive("org.gnome.ScreenSaver"))
            ),
        ] as [(NotifierFacts, WaitReason)])
    func aReasonToWaitClaimsNothingAndIsSaid(facts: NotifierFacts, reason: WaitReason) {
        var machine = NotifierMachine(configuration: .init(once: false, translate: { $0 }))
        let effects = machine.handle(.facts(facts), at: Self.now)
        #expect(Self.calls(effects).isEmpty)
        #expect(machine.waiting == reason)
        if reason != .standby {
            #expect(Self.reports(effects).last == .waiting(reason))
        }
    }

    @Test func anActivatableServerThatDoesNotRunIsStartedByTheCapabilitiesQuestion() {
        var machine = NotifierMachine(configuration: .init(once: false, translate: { $0 }))
        let facts = Self.ready { $0.server = NotifierFacts.Server(known: true, owner: nil, activatable: true) }
        #expect(Self.calls(machine.handle(.facts(facts), at: Self.now)) == [.askCapabilities])
    }

    @Test func aServiceThatIsNotThereIsWaitedForUntilItChanges() {
        var machine = Self.claiming()
        let effects = machine.handle(
            .claimed(.failure(CallFailure("ServiceUnknown", peerUnavailable: true))), at: Self.now)
        #expect(effects == [.report(.waiting(.serviceUnavailable("ServiceUnknown")))])
        let appeared = machine.handle(.facts(Self.ready { $0.service.owner = ":1.9" }), at: Self.now)
        #expect(Self.calls(appeared) == [.claim])
    }

    // MARK: - Failing servers

    @Test func aNotifyThatFailsGivesTheTipBackAndTriesAgainLater() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let failed = machine.handle(.notified(.customizeLayout, .failure(CallFailure("NoReply"))), at: Self.now)
        let retryAt = Self.now.advanced(byMicroseconds: 30_000_000)
        #expect(
            failed == [
                .release(.customizeLayout, shown: false),
                .report(.notifyFailed(id: .customizeLayout, reason: "NoReply")),
                .retry(after: .seconds(30)),
                .report(.waiting(.serverFailing(retryAt: retryAt))),
            ])
        #expect(machine.notifications.isEmpty)
        #expect(machine.handle(.retry, at: retryAt) == [.claim])
        _ = machine.handle(.claimed(.success(Self.tip)), at: retryAt)
        let again = machine.handle(.notified(.customizeLayout, .failure(CallFailure("NoReply"))), at: retryAt)
        #expect(again.contains(.retry(after: .seconds(60))), "each failure in a row doubles the wait: \(again)")
    }

    @Test func aNotifyStillPendingLongAfterItWasSentHoldsTheTipAndNothingElseIsAsked() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let later = Self.now.advanced(byMicroseconds: 60_000_000)
        for input in [NotifierInput.alarm, .retry, .tipChanged(.timeView, .mayBeDue)] {
            #expect(machine.handle(input, at: later).isEmpty, "\(input)")
        }
        #expect(machine.notifications.map(\.phase) == [.notifying(server: Self.server, again: false)])
        let shown = machine.handle(.notified(.customizeLayout, .success(4)), at: later)
        #expect(Self.reports(shown).first == .shown(id: .customizeLayout, title: Self.tip.title, notification: 4))
        #expect(!Self.calls(shown).contains(.release(.customizeLayout, shown: false)))
    }

    @Test func aNotifyLibnotifyStoppedWaitingForIsNeverSentAgainWhileItsServerRuns() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let timedOut = CallFailure("Timeout was reached", timedOut: true)
        let effects = machine.handle(.notified(.customizeLayout, .failure(timedOut)), at: Self.now)
        #expect(
            effects == [
                .report(.notifyUnanswered(id: .customizeLayout, reason: "Timeout was reached")),
                .report(.waiting(.serverUnanswered(.customizeLayout))),
            ])
        #expect(machine.notifications.map(\.phase) == [.unanswered(server: Self.server)])
        let later = Self.now.advanced(byMicroseconds: 3_600_000_000)
        for input in [NotifierInput.alarm, .retry, .tipChanged(.timeView, .mayBeDue)] {
            #expect(Self.calls(machine.handle(input, at: later)).isEmpty, "\(input)")
        }

        // Its server leaves: whatever it showed went with it, and the next one shows the tip.
        let gone = machine.handle(.facts(Self.ready { $0.server = NotifierFacts.Server(known: true) }), at: later)
        #expect(Self.reports(gone).first == .serverVanished(showing: [.customizeLayout]))
        _ = machine.handle(.facts(Self.ready { $0.server.owner = ":1.40" }), at: later)
        let again = machine.handle(.capabilities(.success(["body", "actions"])), at: later)
        guard case .notify(.customizeLayout, _, replacing: 0)? = again.first else {
            Issue.record("expected the tip shown by the next server: \(again)")
            return
        }
    }

    @Test func aNotificationLibnotifyStoppedWaitingForIsReleasedAsShownWhenWithdrawnOrStopped() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let timedOut = CallFailure("Timeout was reached", timedOut: true)
        _ = machine.handle(.notified(.customizeLayout, .failure(timedOut)), at: Self.now)
        // It cannot be closed (libnotify never got its id), and the next tip may come.
        #expect(
            Self.calls(machine.handle(.tipChanged(.customizeLayout, .invalidated), at: Self.now)) == [
                .release(.customizeLayout, shown: true), .claim,
            ])

        var stopped = Self.claiming()
        _ = stopped.handle(.claimed(.success(Self.tip)), at: Self.now)
        _ = stopped.handle(.notified(.customizeLayout, .failure(timedOut)), at: Self.now)
        #expect(stopped.handle(.stop, at: Self.now) == [.release(.customizeLayout, shown: true), .finish])
    }

    @Test func onceWithANotifyLibnotifyStoppedWaitingForWaitsForTheAnswerThenFinishes() {
        var machine = Self.claiming(once: true)
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let timedOut = CallFailure("Timeout was reached", timedOut: true)
        let effects = machine.handle(.notified(.customizeLayout, .failure(timedOut)), at: Self.now)
        #expect(Self.calls(effects) == [.waitForOutcome])
        #expect(
            Self.calls(machine.handle(.outcomeWaitEnded, at: Self.now)) == [
                .release(.customizeLayout, shown: true), .finish,
            ])
    }

    @Test func anIdOfZeroIsNotAShownNotification() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        let effects = machine.handle(.notified(.customizeLayout, .success(0)), at: Self.now)
        #expect(effects.contains(.release(.customizeLayout, shown: false)), "\(effects)")
        #expect(machine.notifications.isEmpty)
    }

    @Test func aServerThatLeavesTakesItsNotificationsAndTheNextShowsThemAgainUnderNewIds() throws {
        var machine = Self.showing(id: 1)
        let gone = machine.handle(.facts(Self.ready { $0.server = NotifierFacts.Server(known: true) }), at: Self.now)
        #expect(Self.reports(gone).first == .serverVanished(showing: [.customizeLayout]))
        #expect(machine.notifications.map(\.phase) == [.lost])

        let back = machine.handle(.facts(Self.ready { $0.server.owner = ":1.40" }), at: Self.now)
        #expect(Self.calls(back) == [.askCapabilities])
        let effects = machine.handle(.capabilities(.success(["body", "actions"])), at: Self.now)
        guard case .notify(.customizeLayout, _, replacing: 0)? = effects.first else {
            Issue.record("expected the tip shown again: \(effects)")
            return
        }
        let shown = machine.handle(.notified(.customizeLayout, .success(1)), at: Self.now)
        #expect(Self.reports(shown).first == .shownAgain(id: .customizeLayout, notification: 1))
        #expect(machine.notifications.map(\.phase) == [.onScreen(server: ":1.40", id: 1)])
    }

    @Test func aCapabilitiesQuestionThatFailsCountsAsAFailingServer() {
        var machine = NotifierMachine(configuration: .init(once: false, translate: { $0 }))
        _ = machine.handle(.facts(Self.ready()), at: Self.now)
        let effects = machine.handle(.capabilities(.failure(CallFailure("NoReply"))), at: Self.now)
        #expect(effects.contains(.retry(after: .seconds(30))))
        #expect(!effects.contains(.claim))
    }

    // MARK: - What the user does

    @Test func aClickHandsTheTipToTheAppOnceTheServiceHasReleasedIt() {
        var machine = Self.showing(id: 3)
        _ = machine.handle(.server(.activationToken(3, "token-1")), at: Self.now)
        let clicked = machine.handle(.server(.actionInvoked(3, action: "default")), at: Self.now)
        #expect(
            clicked == [
                .report(.handedToApp(id: .customizeLayout)), .release(.customizeLayout, shown: true), .close(3),
            ])
        #expect(Self.calls(machine.handle(.server(.closed(3, .dismissed)), at: Self.now)).isEmpty)
        let released = machine.handle(.released(.customizeLayout, shown: true, .success(())), at: Self.now)
        #expect(Self.calls(released).first == .activateApp(.customizeLayout, activationToken: "token-1"))
        #expect(machine.notifications.isEmpty)
    }

    /// Found with `--display-frequency immediate`: between the click and the app owning its name, the notifier
    /// claimed and showed the next tip, and withdrew it once the app was up. Nothing is claimed until the app's
    /// `ActivateAction` answers, whatever it answers.
    @Test(arguments: [true, false])
    func nothingNewIsClaimedWhileTheAppIsBeingOpenedAtTheTip(answered: Bool) {
        var machine = Self.showing(id: 3)
        _ = machine.handle(.server(.actionInvoked(3, action: "default")), at: Self.now)
        _ = machine.handle(.released(.customizeLayout, shown: true, .success(())), at: Self.now)
        // The window reopens at once: a new tip would be due.
        let due = machine.handle(.facts(Self.ready { $0.service.nextDisplayTime = .some(nil) }), at: Self.now)
        #expect(!due.contains(.claim))
        #expect(machine.waiting == .openingApp(.customizeLayout))

        let result: Result<Void, CallFailure> = answered ? .success(()) : .failure(CallFailure("NoReply"))
        let after = machine.handle(.appActivated(.customizeLayout, result), at: Self.now)
        #expect(after.contains(.claim))
    }

    @Test func aClickOnANotificationWithoutTheAppLeadsNowhereAndRecordsNothing() {
        var machine = Self.showing(id: 2, Self.ready { $0.app.installed = false })
        let clicked = machine.handle(.server(.actionInvoked(2, action: "default")), at: Self.now)
        #expect(clicked == [.report(.clickedWithoutApp(id: .customizeLayout))])
    }

    @Test(arguments: [NotificationCloseReason.expired, .dismissed, .closedByCall, .undefined(4)])
    func aClosedNotificationRecordsNothingButEndsTheHold(reason: NotificationCloseReason) {
        var machine = Self.showing(id: 1)
        let effects = machine.handle(.server(.closed(1, reason)), at: Self.now)
        #expect(Self.calls(effects) == [.release(.customizeLayout, shown: true)])
        #expect(Self.reports(effects) == [.closed(id: .customizeLayout, reason: reason)])
        #expect(machine.notifications.isEmpty)
    }

    @Test func theTurnOffButtonWritesTheOptOutAndLeavesTheTipAlone() {
        var machine = Self.showing(id: 1)
        #expect(
            machine.handle(.server(.actionInvoked(1, action: "disable")), at: Self.now) == [
                .turnOff, .report(.turnedOffFromNotification),
            ])
    }

    @Test func signalsAboutAnotherNotificationAreIgnored() {
        var machine = Self.showing(id: 1)
        #expect(machine.handle(.server(.actionInvoked(2, action: "default")), at: Self.now).isEmpty)
        #expect(machine.handle(.server(.closed(9, .dismissed)), at: Self.now).isEmpty)
        #expect(machine.notifications.count == 1)
    }

    // MARK: - One tip, one place

    @Test func theAppStartingWithdrawsTheNotificationAndNothingMoreIsShownWhileItRuns() {
        var machine = Self.showing(id: 4)
        let effects = machine.handle(.facts(Self.ready { $0.app.running = true }), at: Self.now)
        #expect(Self.calls(effects) == [.close(4), .release(.customizeLayout, shown: true)])
        #expect(Self.reports(effects).contains(.withdrawn(id: .customizeLayout, reason: "the Feels app started")))
        #expect(machine.waiting == .appRunning)
        #expect(machine.notifications.isEmpty)
    }

    @Test(arguments: [(TipChangeKind.invalidated, "it was invalidated"), (.forgotten, "the tips were reset")])
    func aTipInvalidatedOrResetElsewhereHasItsNotificationWithdrawn(kind: TipChangeKind, reason: String) {
        var machine = Self.showing(id: 5)
        let effects = machine.handle(.tipChanged(.customizeLayout, kind), at: Self.now)
        #expect(Self.calls(effects).prefix(2) == [.close(5), .release(.customizeLayout, shown: true)])
        #expect(Self.reports(effects).contains(.withdrawn(id: .customizeLayout, reason: reason)))
    }

    @Test func aWithdrawalAskedWhileNotifyIsOnItsWayHappensOnceTheServerHasAnswered() {
        var machine = Self.claiming()
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        #expect(Self.calls(machine.handle(.tipChanged(.customizeLayout, .invalidated), at: Self.now)).isEmpty)
        let effects = machine.handle(.notified(.customizeLayout, .success(6)), at: Self.now)
        #expect(Self.calls(effects).prefix(2) == [.close(6), .release(.customizeLayout, shown: true)])
    }

    // MARK: - Finishing

    @Test func stoppingWithdrawsWhatIsOnScreenSoThatNoClickLeadsNowhere() {
        var machine = Self.showing(id: 8)
        #expect(
            machine.handle(.stop, at: Self.now) == [
                .close(8), .release(.customizeLayout, shown: true), .cancelAlarm, .finish,
            ])
        #expect(machine.finished)
        #expect(machine.handle(.alarm, at: Self.now).isEmpty)
    }

    @Test func onceLooksOnceWaitsForTheAnswerThenFinishes() {
        var machine = Self.claiming(once: true)
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        #expect(Self.calls(machine.handle(.notified(Self.tip.id, .success(1)), at: Self.now)) == [.waitForOutcome])
        #expect(machine.handle(.tipChanged(.timeView, .mayBeDue), at: Self.now).isEmpty, "once looks once")
        #expect(
            machine.handle(.outcomeWaitEnded, at: Self.now) == [
                .close(1), .release(.customizeLayout, shown: true), .finish,
            ])
    }

    @Test func onceFinishesAsSoonAsTheUserClosedItsNotification() {
        var machine = Self.claiming(once: true)
        _ = machine.handle(.claimed(.success(Self.tip)), at: Self.now)
        _ = machine.handle(.notified(Self.tip.id, .success(1)), at: Self.now)
        #expect(
            Self.calls(machine.handle(.server(.closed(1, .dismissed)), at: Self.now)) == [
                .release(.customizeLayout, shown: true), .finish,
            ])
    }

    @Test func onceWithNothingToShowFinishesAtOnce() {
        var machine = Self.claiming(once: true)
        #expect(machine.handle(.claimed(.success(nil)), at: Self.now).last == .finish)
        var waiting = NotifierMachine(configuration: .init(once: true, translate: { $0 }))
        #expect(waiting.handle(.facts(Self.ready { $0.absence = .sessionLocked }), at: Self.now).last == .finish)
    }

    @Test func anotherActiveNotifierEndsOnceAtOnce() {
        var machine = NotifierMachine(configuration: .init(once: true, translate: { $0 }))
        let effects = machine.handle(.facts(Self.ready { $0.role = .another }), at: Self.now)
        #expect(effects == [.report(.anotherNotifierIsActive), .finish])
    }
}
