import Testing
import TipsCore

/// A desktop notification claims its tip in one step, holds it back from apps while on screen, and is undone when it
/// never reached the screen: one tip, one place, and nothing used up unseen.
@Suite("Claiming a tip for a desktop notification")
struct NotificationClaimTests {
    static let notifier = ":1.7"

    /// An engine on its first day of use, with CustomizeLayoutTip and TimeViewTip available and never shown.
    static func firstDay(_ clock: ManualClock, frequency: DisplayFrequency = .daily) throws -> TipsEngine {
        var engine = TipsEngine(displayFrequency: frequency, clock: clock)
        engine.logMood(.great)
        return engine
    }

    @Test func nothingIsClaimedBeforeTheFirstDayOfUse() throws {
        var engine = TipsEngine(clock: ManualClock("2026-11-30 09:00"))
        #expect(engine.eligibleTips(at: nil) == [.customizeLayout, .timeView])
        #expect(engine.nextNotificationTip() == nil)
        #expect(engine.claimNotificationTip(for: Self.notifier) == nil)
        #expect(engine.state == TipsState())
        try engine.updateDaysUsingApp(1)
        #expect(engine.nextNotificationTip() == .customizeLayout)
    }

    @Test func aClaimRecordsTheFirstAppearanceOpensTheWindowAndMarksTheTipNotified() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock)
        let claimed = engine.claimNotificationTip(for: Self.notifier)
        #expect(claimed == .customizeLayout)
        let record = engine.state[tip: .customizeLayout]
        #expect(record.displayCount == 1)
        #expect(record.notified == clock.now)
        #expect(record.firstDisplayed == clock.now)
        #expect(engine.nextDisplayTime == clock.instant("2026-12-01 09:00"))
        #expect(engine.nextNotificationTip() == nil, "the window it opened holds every other new tip back")
    }

    @Test func aHeldTipIsNeverShownByAnAppUntilItsNotificationIsReleased() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock)
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)

        #expect(try !engine.shouldDisplay(.customizeLayout))
        #expect(try !engine.displayTip(.customizeLayout))
        #expect(engine.nextTip(at: .customizeContentView) == nil)
        #expect(engine.displayNextTip(at: nil) == nil, "the held tip is passed over, and the window holds the rest")
        let snapshot = try engine.snapshot(of: .customizeLayout)
        #expect(snapshot.hold == .notification)
        #expect(snapshot.hold?.until == nil)
        #expect(snapshot.explanation.contains("desktop notification"))

        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: true)
        #expect(try engine.shouldDisplay(.customizeLayout), "a tip that appeared keeps showing where it belongs")
        #expect(try engine.displayTip(.customizeLayout))
        #expect(engine.state[tip: .customizeLayout].displayCount == 2)
    }

    @Test func aTipIsNotifiedAtMostOnceEvenWhenTheWindowReopens() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock, frequency: .immediate)
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: true)
        #expect(engine.claimNotificationTip(for: Self.notifier) == .timeView)
        try engine.releaseNotificationTip(.timeView, holder: Self.notifier, shown: true)
        #expect(engine.claimNotificationTip(for: Self.notifier) == nil)
    }

    @Test func aTipAnAppAlreadyShowedIsNeverNotified() throws {
        var engine = try Self.firstDay(ManualClock("2026-11-30 09:00"), frequency: .immediate)
        #expect(try engine.displayTip(.customizeLayout))
        #expect(engine.nextNotificationTip() == .timeView)
    }

    @Test func aClaimThatNeverReachedTheScreenIsUndoneAndTheWindowReopens() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock)
        let before = engine.state
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        clock.advance(seconds: 5)
        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: false)
        #expect(engine.state == before)
        #expect(engine.nextDisplayTime == nil)
        #expect(try engine.shouldDisplay(.timeView), "no app waits a day for a tip nobody saw")
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
    }

    @Test func anUndoneClaimKeepsAnEarlierWindowsOpening() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock, frequency: .hourly)
        #expect(try engine.displayTip(.timeView))
        clock.advance(hours: 2)
        let before = engine.state
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: false)
        #expect(engine.state.tips == before.tips)
        #expect(engine.nextDisplayTime == nil)
    }

    @Test func undoingAClaimWhoseHoldWasLostStillForgetsItUnlessAnAppShowedTheTipSince() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock, frequency: .immediate)
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        #expect(engine.releaseNotificationTips(heldBy: Self.notifier) == [.customizeLayout])
        #expect(try engine.displayTip(.customizeLayout), "the app showed it once the notifier left")
        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: false)
        let record = engine.state[tip: .customizeLayout]
        #expect(record.notified == nil)
        #expect(record.displayCount == 2, "the app's display was seen and is kept")
        #expect(engine.nextNotificationTip() == .timeView)

        #expect(engine.claimNotificationTip(for: Self.notifier) == .timeView)
        _ = engine.releaseNotificationTips(heldBy: Self.notifier)
        try engine.releaseNotificationTip(.timeView, holder: Self.notifier, shown: false)
        #expect(engine.state[tip: .timeView] == TipRecord())
    }

    @Test func onlyTheHolderMayReleaseAHold() throws {
        var engine = try Self.firstDay(ManualClock("2026-11-30 09:00"))
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        #expect(throws: TipsError.heldByAnotherNotifier("CustomizeLayoutTip")) {
            try engine.releaseNotificationTip(.customizeLayout, holder: ":1.99", shown: false)
        }
        #expect(engine.claims.isHeld(.customizeLayout))
        #expect(throws: TipsError.unknownTip("NoSuchTip", known: TipCatalog.feels.map(\.id))) {
            try engine.releaseNotificationTip("NoSuchTip", holder: Self.notifier, shown: true)
        }
    }

    @Test func aNotifierLeavingReleasesOnlyItsOwnHoldsAsShown() throws {
        var engine = try Self.firstDay(ManualClock("2026-11-30 09:00"), frequency: .immediate)
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        #expect(engine.claimNotificationTip(for: ":1.8") == .timeView)
        #expect(engine.releaseNotificationTips(heldBy: Self.notifier) == [.customizeLayout])
        #expect(engine.state[tip: .customizeLayout].notified != nil)
        #expect(try engine.shouldDisplay(.customizeLayout))
        #expect(try !engine.shouldDisplay(.timeView))
    }

    @Test func aResetForgetsNotificationsAndEndsHolds() throws {
        var engine = try Self.firstDay(ManualClock("2026-11-30 09:00"))
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        engine.resetAllTips()
        #expect(!engine.claims.isHeld(.customizeLayout))
        #expect(engine.state[tip: .customizeLayout].notified == nil)
    }

    @Test func theObservationSaysWhenATipWasNotifiedAndThatItsHoldChangedWhetherItShouldDisplay() throws {
        let clock = ManualClock("2026-11-30 09:00")
        var engine = try Self.firstDay(clock, frequency: .immediate)
        let before = engine.observation()
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        let claimed = engine.observation()
        let change = try #require(claimed.changes(since: before).tips.first { $0.tip.id == .customizeLayout })
        #expect(change.notifiedChanged && change.shouldDisplayChanged && !change.statusChanged)
        #expect(change.tip.notified == clock.now)
        #expect(!change.tip.shouldDisplay)

        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: true)
        let released = try #require(engine.observation().changes(since: claimed).tips.first)
        #expect(released.tip.id == .customizeLayout)
        #expect(released.shouldDisplayChanged && !released.notifiedChanged)
        #expect(released.tip.shouldDisplay)
    }

    // Under a testing switch nothing is recorded, as for every display; the tip is still held, and notified once
    // while the switch lasts instead of at every signal.
    @Test func underATestingSwitchAClaimRecordsNothingAndTheTipIsNotClaimedAgainUntilTheSwitchChanges() throws {
        var engine = try Self.firstDay(ManualClock("2026-11-30 09:00"))
        engine.testingOverride = .showAll
        let before = engine.state
        #expect(engine.claimNotificationTip(for: Self.notifier) == .customizeLayout)
        #expect(engine.state == before)
        #expect(try !engine.shouldDisplay(.customizeLayout))
        try engine.releaseNotificationTip(.customizeLayout, holder: Self.notifier, shown: true)
        #expect(engine.claimNotificationTip(for: Self.notifier) == .aiInsights, "every tip shows for testing")
        try engine.releaseNotificationTip(.aiInsights, holder: Self.notifier, shown: false)
        #expect(engine.nextNotificationTip() == .aiInsights, "a testing notification never shown may come again")
        engine.testingOverride = .none
        #expect(engine.nextNotificationTip() == .customizeLayout)
    }
}
