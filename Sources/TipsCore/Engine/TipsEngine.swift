/// Decides, by the rules of the Feels app's tips and TipKit's model, which tips a user is ready for.
///
/// The engine is a value: it holds the state and reads the time from an injected clock, and does no I/O.
/// The service copies it, applies a request to the copy, stores the copy's ``state`` and only then adopts it,
/// so that a request that cannot be stored leaves nothing half-done.
public struct TipsEngine: Sendable {
    /// The tips the engine decides about, in catalog order.
    public let catalog: [Tip]
    /// The global display frequency; the service may change it for a session (`SetDisplayFrequency`), for testing.
    public var displayFrequency: DisplayFrequency
    /// The testing switches in force; never stored, so they end with the engine value that holds them.
    public var testingOverride: TestingOverride = .none {
        didSet { claims.forgetTestingNotifications() }
    }
    /// The tips held for desktop notifications now; never stored, like the testing switches.
    public private(set) var claims = NotificationClaims()
    /// Everything the engine remembers; the datastore keeps it.
    public private(set) var state: TipsState
    private let clock: any TipsClock

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - catalog: The tips, in the order they are offered; the Feels app's by default.
    ///   - state: The remembered state; a fresh install's by default.
    ///   - displayFrequency: The global display frequency; daily by default, as in the Feels app.
    ///   - clock: Where the engine reads the instant and the user's time zone.
    public init(
        catalog: [Tip] = TipCatalog.feels, state: TipsState = TipsState(), displayFrequency: DisplayFrequency = .daily,
        clock: any TipsClock
    ) {
        self.catalog = catalog
        self.state = state
        self.displayFrequency = displayFrequency
        self.clock = clock
    }

    // MARK: - Reading the time

    /// The clock's instant.
    public var now: Instant { clock.now }

    private func today(at now: Instant) -> CalendarDay {
        clock.timeZone.day(at: now)
    }

    // MARK: - Parameters

    /// The longest streak or use an app may report, in days: a century. Longer counts are refused as mistakes.
    public static let maximumDayCount = 36_525

    /// Every parameter's value now.
    public var parameterValues: ParameterValues {
        parameterValues(at: now)
    }

    private func parameterValues(at now: Instant) -> ParameterValues {
        let parameters = state.parameters
        let today = today(at: now)
        return ParameterValues(
            hasLoggedMoods: parameters.hasLoggedMoods,
            moodLogCount: parameters.moodLogCount,
            hasSeenSettings: parameters.hasSeenSettings,
            daysUsingApp: parameters.firstUseDay.map { max(1, $0.distance(to: today) + 1) } ?? 0,
            currentStreak: parameters.streak.map { $0.last >= today.advanced(by: -1) ? $0.length : 0 } ?? 0)
    }

    /// Logs a mood now: counts it, marks the day as used and extends, starts or keeps the streak.
    ///
    /// - Returns: The journal entry to store, with the instant and the user's UTC offset.
    @discardableResult
    public mutating func logMood(_ mood: Mood) -> MoodEntry {
        let now = now
        let entry = MoodEntry(mood: mood, loggedAt: now, utcOffset: clock.timeZone.utcOffset(at: now))
        let day = entry.day
        state.parameters.moodLogCount += 1
        state.parameters.hasLoggedMoods += 1
        state.parameters.firstUseDay = state.parameters.firstUseDay ?? day
        switch state.parameters.streak {
        case nil:
            state.parameters.streak = DayRun(first: day, last: day)
        case let run? where day == run.last.advanced(by: 1):
            state.parameters.streak = DayRun(first: run.first, last: day)
        case let run? where day > run.last:
            state.parameters.streak = DayRun(first: day, last: day)
        case _?:
            // A day inside the run or before it (the clock went back): the streak already counts it.
            break
        }
        return entry
    }

    /// Records that the user viewed the Settings screen.
    public mutating func settingsViewed() {
        state.parameters.hasSeenSettings = true
        state.parameters.firstUseDay = state.parameters.firstUseDay ?? today(at: now)
    }

    /// Sets the number of days of use, counting today, as the Feels app's `updateDaysUsingApp(_:)` does.
    ///
    /// The count becomes a first-use day, so that it keeps growing by itself as days pass; 0 forgets first use,
    /// and the next mood logged or settings viewed counts as the first day again.
    /// - Throws: ``TipsError/dayCountOutOfRange(_:_:)`` for a negative count or one over ``maximumDayCount``.
    public mutating func updateDaysUsingApp(_ days: Int) throws(TipsError) {
        guard (0...Self.maximumDayCount).contains(days) else { throw .dayCountOutOfRange(.daysUsingApp, days) }
        state.parameters.firstUseDay = days == 0 ? nil : today(at: now).advanced(by: 1 - days)
    }

    /// Sets the current streak, counting today, as the Feels app's `updateStreak(_:)` does.
    ///
    /// The count becomes a run of days ending today, so that a mood logged tomorrow extends it and a day without
    /// one breaks it; 0 ends the streak, and the next mood logged starts a new one.
    /// - Throws: ``TipsError/dayCountOutOfRange(_:_:)`` for a negative count or one over ``maximumDayCount``.
    public mutating func updateStreak(_ days: Int) throws(TipsError) {
        guard (0...Self.maximumDayCount).contains(days) else { throw .dayCountOutOfRange(.currentStreak, days) }
        let today = today(at: now)
        state.parameters.streak = days == 0 ? nil : DayRun(first: today.advanced(by: 1 - days), last: today)
    }

    /// Forgets every mood: the counts, days of use and streak that moods made go back to a fresh install's.
    ///
    /// The service erases the journal itself in the same transaction. Whether Settings was viewed is not a mood
    /// and is kept; tip records are kept too, so a tip already closed stays closed.
    public mutating func forgetMoods() {
        state.parameters.moodLogCount = 0
        state.parameters.hasLoggedMoods = 0
        state.parameters.streak = nil
        state.parameters.firstUseDay = nil
    }

    // MARK: - Tips

    /// The catalog entry with this identifier, in any letter case (`timeviewtip` finds `TimeViewTip`).
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` when there is none.
    public func tip(_ id: TipID) throws(TipsError) -> Tip {
        if let tip = catalog.first(where: { $0.id == id }) { return tip }
        let folded = id.rawValue.lowercased()
        guard let tip = catalog.first(where: { $0.id.rawValue.lowercased() == folded }) else {
            throw .unknownTip(id.rawValue, known: catalog.map(\.id))
        }
        return tip
    }

    /// The status the rules and the tip's record give, before any testing override.
    private func ruleStatus(of tip: Tip, values: ParameterValues) -> TipStatus {
        if let reason = state[tip: tip.id].invalidation { return .invalidated(reason) }
        return tip.rules.allSatisfy { $0.isSatisfied(by: values) } ? .available : .pending
    }

    /// The status clients see: the rules' status, unless a testing override shows or hides the tip.
    private func status(of tip: Tip, values: ParameterValues) -> TipStatus {
        switch testingOverride.override(for: tip.id) {
        case .shown?: .available
        case .hidden?: .pending
        case nil: ruleStatus(of: tip, values: values)
        }
    }

    /// When a new tip may next appear, or `nil` when one may appear at `now`: the global, rolling display window
    /// that a tip's first appearance opens holds every other new tip back for one display frequency.
    ///
    /// A window that opened after `now` (the clock was set back) counts from `now`, so it never holds new tips back
    /// for longer than its length; ``followClock()`` then stores that.
    private func nextDisplayTime(at now: Instant) -> Instant? {
        guard let opened = state.displayWindowOpened else { return nil }
        let closes = min(opened, now).advanced(bySeconds: Int64(displayFrequency.seconds))
        return now < closes ? closes : nil
    }

    /// What holds an available tip back: its desktop notification while one is on screen; the display window, for a
    /// tip that has never appeared.
    private func hold(of tip: Tip, status: TipStatus, at now: Instant) -> DisplayHold? {
        guard status == .available else { return nil }
        if claims.isHeld(tip.id) { return .notification }
        guard testingOverride.override(for: tip.id) == nil, state[tip: tip.id].displayCount == 0,
            !tip.options.ignoresDisplayFrequency, let until = nextDisplayTime(at: now)
        else { return nil }
        return .displayWindow(until: until)
    }

    /// Whether the tip should show now, as TipKit's `Tip.shouldDisplay` says: available, not on screen as a desktop
    /// notification, and either already shown (a shown tip keeps showing in its place) or allowed by the display
    /// window to appear for the first time.
    private func shouldDisplay(_ tip: Tip, values: ParameterValues, at now: Instant) -> Bool {
        let status = status(of: tip, values: values)
        return status == .available && hold(of: tip, status: status, at: now) == nil
    }

    /// One tip as it stands now, with the reasons.
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` when no tip has this identifier.
    public func snapshot(of id: TipID) throws(TipsError) -> TipSnapshot {
        let now = now
        return snapshot(of: try tip(id), values: parameterValues(at: now), at: now)
    }

    /// Every tip as it stands now, in catalog order.
    public func snapshots() -> [TipSnapshot] {
        let now = now
        let values = parameterValues(at: now)
        return catalog.map { snapshot(of: $0, values: values, at: now) }
    }

    private func snapshot(of tip: Tip, values: ParameterValues, at now: Instant) -> TipSnapshot {
        let status = status(of: tip, values: values)
        return TipSnapshot(
            tip: tip, record: state[tip: tip.id], status: status,
            rules: tip.rules.map { RuleExplanation(rule: $0, values: values) },
            hold: hold(of: tip, status: status, at: now), override: testingOverride.override(for: tip.id))
    }

    private func tips(at location: TipLocation?) -> [Tip] {
        location.map { location in catalog.filter { $0.location == location } } ?? catalog
    }

    /// Whether the tip should show now, without recording anything: TipKit's `Tip.shouldDisplay`.
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` when no tip has this identifier.
    public func shouldDisplay(_ id: TipID) throws(TipsError) -> Bool {
        let now = now
        return shouldDisplay(try tip(id), values: parameterValues(at: now), at: now)
    }

    /// Displays one tip where an app anchors it, as TipKit's `TipView` does: when the tip ``shouldDisplay(_:)``,
    /// records the display (opening the display window when the tip appears for the first time) and returns true;
    /// otherwise records nothing and returns false.
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` when no tip has this identifier.
    public mutating func displayTip(_ id: TipID) throws(TipsError) -> Bool {
        let now = now
        let tip = try tip(id)
        guard shouldDisplay(tip, values: parameterValues(at: now), at: now) else { return false }
        recordDisplay(of: tip, at: now)
        return true
    }

    /// The tip ``displayNextTip(at:)`` would display now at `location`, recording nothing.
    ///
    /// TipKit's rule for a place holding several tips: the display frequency gates only tips that have not appeared,
    /// and a tip already shown keeps showing. So, in catalog order: the first tip that has never appeared, when the
    /// display window lets a new one appear; else the first available tip that has already appeared; else none.
    public func nextTip(at location: TipLocation?) -> TipID? {
        let now = now
        let values = parameterValues(at: now)
        let candidates = tips(at: location).filter { shouldDisplay($0, values: values, at: now) }
        return (candidates.first(where: { state[tip: $0.id].displayCount == 0 }) ?? candidates.first)?.id
    }

    /// Chooses the tip to display now at `location` (any location when `nil`), by the rule of ``nextTip(at:)``, and
    /// records the display.
    ///
    /// A tip that appears for the first time opens a new display window, unless it ignores the display frequency. A
    /// tip that reaches its maximum display count is invalidated with ``InvalidationReason/displayCountExceeded``
    /// after this display.
    /// - Returns: The tip to display, or `nil` when none may be shown now.
    public mutating func displayNextTip(at location: TipLocation?) -> TipID? {
        guard let id = nextTip(at: location), let tip = catalog.first(where: { $0.id == id }) else { return nil }
        recordDisplay(of: tip, at: now)
        return id
    }

    /// Counts one display of `tip`; a display made because a testing override shows the tip is not recorded.
    private mutating func recordDisplay(of tip: Tip, at now: Instant) {
        guard testingOverride.override(for: tip.id) == nil else { return }
        var record = state[tip: tip.id]
        if record.displayCount == 0, !tip.options.ignoresDisplayFrequency {
            state.displayWindowOpened = now
        }
        record.displayCount += 1
        record.firstDisplayed = record.firstDisplayed ?? now
        record.lastDisplayed = now
        if let maximum = tip.options.maxDisplayCount, record.displayCount >= maximum {
            record.invalidation = .displayCountExceeded
        }
        state[tip: tip.id] = record
    }

    /// Invalidates a tip, as TipKit's `Tip.invalidate(reason:)` does; a tip already invalidated keeps its reason.
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` for an unknown tip, ``TipsError/invalidReason(_:)`` for
    ///   ``InvalidationReason/displayCountExceeded``, which only the engine gives.
    public mutating func invalidate(_ id: TipID, reason: InvalidationReason) throws(TipsError) {
        let id = try tip(id).id
        guard reason != .displayCountExceeded else { throw .invalidReason(reason.rawValue) }
        if state[tip: id].invalidation == nil {
            state[tip: id].invalidation = reason
        }
    }

    /// Returns tip state, display history and parameters to a fresh install's, as the Feels app's
    /// `resetAllTips()` does; notification holds end too. The mood journal lives outside the engine and is kept.
    public mutating func resetAllTips() {
        state = TipsState()
        claims = NotificationClaims()
    }

    // MARK: - Desktop notifications

    /// The tip a desktop notification may offer now, recording nothing: the first tip, in catalog order, that is
    /// available, has never appeared anywhere nor been notified, is not held, and that the display window lets
    /// appear now. None before the first day of use: a notification never advertises an app the user has not used.
    public func nextNotificationTip() -> TipID? {
        let now = now
        let values = parameterValues(at: now)
        guard values.daysUsingApp >= 1 else { return nil }
        return catalog.first { tip in
            let record = state[tip: tip.id]
            return record.displayCount == 0 && record.notified == nil && !claims.notifiedForTesting.contains(tip.id)
                && shouldDisplay(tip, values: values, at: now)
        }?.id
    }

    /// Claims the tip of ``nextNotificationTip()`` for a desktop notification shown by `holder`, in one step: its
    /// first appearance is recorded (opening the display window) and marked as notified, and it is held back from
    /// apps until ``releaseNotificationTip(_:holder:shown:)``. A tip shown by a testing switch records nothing, as
    /// every display under a switch, but is held all the same.
    ///
    /// - Returns: The tip claimed, or `nil` when none may be notified now.
    public mutating func claimNotificationTip(for holder: String) -> TipID? {
        guard let id = nextNotificationTip(), let tip = catalog.first(where: { $0.id == id }) else { return nil }
        let now = now
        let forTesting = testingOverride.override(for: id) != nil
        if !forTesting {
            recordDisplay(of: tip, at: now)
            state[tip: id].notified = now
        }
        claims.hold(id, for: holder, forTesting: forTesting)
        return id
    }

    /// Ends the hold of a notification `holder` claimed. Shown, the tip stays notified and appeared, and apps may now
    /// show it where it belongs; not shown (the server refused it, or it never reached the screen), the claim is
    /// undone: the tip is as if it had never been claimed, and the display window it opened is closed again.
    ///
    /// Releasing a tip nobody holds ends no hold; not shown, it still undoes the record of a claim whose hold was lost
    /// (the service restarted in between), as long as nothing displayed the tip since.
    /// - Throws: ``TipsError/unknownTip(_:)`` for an unknown tip, ``TipsError/heldByAnotherNotifier(_:)`` when another
    ///   notifier holds it.
    public mutating func releaseNotificationTip(_ id: TipID, holder: String, shown: Bool) throws(TipsError) {
        let id = try tip(id).id
        if let current = claims.holders[id], current != holder { throw .heldByAnotherNotifier(id.rawValue) }
        claims.release(id, undoTesting: !shown)
        guard !shown, let notified = state[tip: id].notified else { return }
        var record = state[tip: id]
        record.notified = nil
        // Only the display the claim recorded is undone: one made since by an app was seen.
        if record.displayCount == 1, record.firstDisplayed == notified, record.lastDisplayed == notified {
            record.displayCount = 0
            record.firstDisplayed = nil
            record.lastDisplayed = nil
            if record.invalidation == .displayCountExceeded { record.invalidation = nil }
            if state.displayWindowOpened == notified { state.displayWindowOpened = nil }
        }
        state.tips[id] = record == TipRecord() ? nil : record
    }

    /// Ends every hold of a notifier that left the bus, as if each notification had been shown: the tips may be on
    /// screen still, and are never notified again.
    ///
    /// - Returns: The tips whose hold ended.
    @discardableResult
    public mutating func releaseNotificationTips(heldBy holder: String) -> [TipID] {
        claims.releaseAll(heldBy: holder)
    }

    // MARK: - Time

    /// The user's time zone, as the clock gives it now.
    public var timeZone: any TimeZoneRules { clock.timeZone }

    /// When a new tip may next appear; `nil` when one may appear now.
    public var nextDisplayTime: Instant? {
        nextDisplayTime(at: now)
    }

    /// Brings the display window back to the clock after the clock was set back past the window's opening: the
    /// window then counts from now, so it never holds new tips back for longer than its length.
    ///
    /// - Returns: Whether anything changed (the state must then be stored).
    @discardableResult
    public mutating func followClock() -> Bool {
        let now = now
        guard let opened = state.displayWindowOpened, opened > now else { return false }
        state.displayWindowOpened = now
        return true
    }

    /// What clients can observe of the tips now.
    public func observation() -> TipsObservation {
        let now = now
        let values = parameterValues(at: now)
        return TipsObservation(
            tips: catalog.map { tip in
                TipObservation(
                    id: tip.id, status: status(of: tip, values: values),
                    shouldDisplay: shouldDisplay(tip, values: values, at: now),
                    override: testingOverride.override(for: tip.id), notified: state[tip: tip.id].notified)
            },
            testingOverride: testingOverride)
    }

    /// The next instant at which something observable may change with no request: the next local midnight
    /// (days of use grow, a streak breaks) or the end of the display window; `nil` when nothing waits on time.
    ///
    /// The service sleeps until then instead of polling.
    public func nextTimeDrivenChange() -> Instant? {
        let now = now
        var instants: [Instant] = []
        if state.parameters.firstUseDay != nil || parameterValues(at: now).currentStreak > 0 {
            instants.append(clock.timeZone.startOfNextDay(after: now))
        }
        if let closes = nextDisplayTime(at: now) {
            instants.append(closes)
        }
        return instants.min()
    }
}
