/// What clients can observe of the tips at one instant: each tip's status, whether it should show and whether it was
/// notified, and the testing switches.
///
/// The service keeps the last observation it announced and compares it with a new one after every request and
/// every time-driven wake-up, so that a tip's signal is sent exactly when something observable of it changed. The
/// service's properties (the parameters, the display window, the time zone) it compares itself, as the contract's
/// property table reads them.
public struct TipsObservation: Hashable, Sendable {
    /// Every tip, in catalog order.
    public var tips: [TipObservation]
    /// The testing switches in force.
    public var testingOverride: TestingOverride

    /// What changed from `old` to `self`.
    public func changes(since old: TipsObservation) -> ObservationChanges {
        // Both lists are the catalog's, in its order: each tip's old self is at its own index. A scan, not a
        // dictionary built at every commit.
        ObservationChanges(
            tips: tips.indices.compactMap { index in
                let tip = tips[index]
                let previous =
                    old.tips.indices.contains(index) && old.tips[index].id == tip.id
                    ? old.tips[index] : old.tips.first { $0.id == tip.id }
                guard tip != previous else { return nil }
                return TipChange(
                    tip: tip, statusChanged: tip.status != previous?.status,
                    shouldDisplayChanged: tip.shouldDisplay != previous?.shouldDisplay,
                    overrideChanged: tip.override != previous?.override,
                    notifiedChanged: tip.notified != previous?.notified)
            },
            testingOverrideChanged: testingOverride != old.testingOverride)
    }
}

/// What clients can observe of one tip.
public struct TipObservation: Hashable, Sendable {
    /// The tip.
    public var id: TipID
    /// Its status, as a testing override makes it.
    public var status: TipStatus
    /// Whether it should show now (TipKit's `Tip.shouldDisplay`).
    public var shouldDisplay: Bool
    /// The testing override that decides it, if any.
    public var override: TipOverride?
    /// When it was shown as a desktop notification, if it was.
    public var notified: Instant?
}

/// One tip whose observation changed, and what of it changed.
public struct TipChange: Hashable, Sendable {
    /// The tip as it is now.
    public var tip: TipObservation
    /// Whether the status changed (an invalidation reason is part of the status).
    public var statusChanged: Bool
    /// Whether `shouldDisplay` changed.
    public var shouldDisplayChanged: Bool
    /// Whether the testing override changed.
    public var overrideChanged: Bool
    /// Whether when it was notified changed: it was claimed for a notification, or a reset or an undone claim forgot
    /// it.
    public var notifiedChanged: Bool
}

/// The differences between two observations.
public struct ObservationChanges: Sendable {
    /// Tips whose observation changed, in catalog order.
    public var tips: [TipChange]
    /// Whether the testing switches changed.
    public var testingOverrideChanged: Bool
}
