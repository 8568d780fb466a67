import Foundation

/// Decides, by the rules of the Feels app's tips and TipKit's model, which tips a user is ready for.
///
/// The engine is a value: it holds the state and reads the time from an injected clock, and does no I/O.
/// The service copies it, applies a request to the copy, stores the copy's ``state`` and only then adopts it,
/// so that a request that cannot be stored leaves nothing half-done.
public struct TipsEngine: Sendable {
    /// The tips the engine decides about, in catalog order.
    public let catalog: [Tip]
    /// The global display frequency.
    public let displayFrequency: DisplayFrequency
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

    /// The clock's instant, to the whole microsecond so that it survives the datastore and D-Bus unchanged.
    private var now: Date { clock.now.wholeMicroseconds }

    private func today(at now: Date) -> CalendarDay {
        CalendarDay(now, in: clock.timeZone)
    }

    // MARK: - Parameters

    /// The longest streak or use an app may report, in days: a century. Longer counts are refused as mistakes.
    public static let maximumDayCount = 36_525

    /// Every parameter's value now.
    public var parameterValues: ParameterValues {
        parameterValues(at: now)
    }

    private func parameterValues(at now: Date) -> ParameterValues {
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
        let entry = MoodEntry(mood: mood, date: now, utcOffset: clock.timeZone.secondsFromGMT(for: now))
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

    // MARK: - Tips

    /// The catalog entry with this identifier.
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` when there is none.
    public func tip(_ id: TipID) throws(TipsError) -> Tip {
        guard let tip = catalog.first(where: { $0.id == id }) else { throw .unknownTip(id.rawValue) }
        return tip
    }

    private func status(of tip: Tip, values: ParameterValues) -> TipStatus {
        if let reason = state[tip: tip.id].invalidation { return .invalidated(reason) }
        return tip.rules.allSatisfy { $0.isSatisfied(by: values) } ? .available : .pending
    }

    private var displayWindow: DisplayWindow {
        DisplayWindow(opened: state.displayWindowOpened, frequency: displayFrequency)
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

    private func snapshot(of tip: Tip, values: ParameterValues, at now: Date) -> TipSnapshot {
        let record = state[tip: tip.id]
        let status = status(of: tip, values: values)
        var hold: DisplayHold?
        if status == .available, record.displayCount == 0, !tip.options.ignoresDisplayFrequency,
            let until = displayWindow.nextDisplayTime(at: now)
        {
            hold = .displayWindow(until: until)
        }
        return TipSnapshot(
            tip: tip, record: record, status: status,
            rules: tip.rules.map { RuleExplanation(rule: $0, values: values) }, hold: hold)
    }

    /// The tips whose rules hold and that are not invalidated, at `location` (every location when `nil`),
    /// in catalog order. The display window is not applied.
    public func eligibleTips(at location: TipLocation?) -> [TipID] {
        let values = parameterValues
        return catalog.filter { tip in
            (location == nil || tip.location == location) && status(of: tip, values: values) == .available
        }.map(\.id)
    }

    /// Chooses the tip to display now at `location` (any location when `nil`) and records the display.
    ///
    /// As in TipKit, a tip already shown that is still available is shown again; otherwise the first eligible
    /// tip that has never appeared is shown if the display window allows it, and it opens a new window
    /// (unless it ignores the display frequency). A tip that reaches its maximum display count is invalidated
    /// with ``InvalidationReason/displayCountExceeded`` after this display.
    /// - Returns: The tip to display, or `nil` when none may be shown now.
    public mutating func displayNextTip(at location: TipLocation?) -> TipID? {
        let now = now
        let values = parameterValues(at: now)
        let candidates = catalog.filter { tip in
            (location == nil || tip.location == location) && status(of: tip, values: values) == .available
        }
        let window = displayWindow
        let chosen =
            candidates.first { state[tip: $0.id].displayCount > 0 }
            ?? candidates.first { $0.options.ignoresDisplayFrequency || window.allowsNewTip(at: now) }
        guard let tip = chosen else { return nil }

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
        return tip.id
    }

    /// Invalidates a tip, as TipKit's `Tip.invalidate(reason:)` does; a tip already invalidated keeps its reason.
    ///
    /// - Throws: ``TipsError/unknownTip(_:)`` for an unknown tip, ``TipsError/invalidReason(_:)`` for
    ///   ``InvalidationReason/displayCountExceeded``, which only the engine gives.
    public mutating func invalidate(_ id: TipID, reason: InvalidationReason) throws(TipsError) {
        _ = try tip(id)
        guard reason != .displayCountExceeded else { throw .invalidReason(reason.rawValue) }
        if state[tip: id].invalidation == nil {
            state[tip: id].invalidation = reason
        }
    }

    /// Returns tip state, display history and parameters to a fresh install's, as the Feels app's
    /// `resetAllTips()` does. The mood journal lives outside the engine and is kept.
    public mutating func resetAllTips() {
        state = TipsState()
    }

    // MARK: - Time

    /// When a new tip may next appear; `nil` when one may appear now.
    public var nextDisplayTime: Date? {
        displayWindow.nextDisplayTime(at: now)
    }

    /// What clients can observe now.
    public func observation() -> TipsObservation {
        let now = now
        let values = parameterValues(at: now)
        return TipsObservation(
            values: values,
            statuses: Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, status(of: $0, values: values)) }),
            order: catalog.map(\.id),
            nextDisplayTime: displayWindow.nextDisplayTime(at: now))
    }

    /// The next instant at which something observable may change with no request: the next local midnight
    /// (days of use grow, a streak breaks) or the end of the display window; `nil` when nothing waits on time.
    ///
    /// The service sleeps until then instead of polling.
    public func nextTimeDrivenChange() -> Date? {
        let now = now
        let parameters = state.parameters
        var instants: [Date] = []
        if parameters.firstUseDay != nil || parameterValues(at: now).currentStreak > 0 {
            instants.append(nextMidnight(after: now))
        }
        if let closes = displayWindow.nextDisplayTime(at: now) {
            instants.append(closes)
        }
        return instants.min()
    }

    private func nextMidnight(after now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = clock.timeZone
        // Start of the day after today's; where midnight does not exist (a DST gap at 00:00), the day's first instant.
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
        return calendar.startOfDay(for: tomorrow.addingTimeInterval(3_600 * 3))
    }
}
