import Foundation

/// What clients can observe of the engine at one instant: parameter values, tip statuses and the display window.
///
/// The service keeps the last observation it announced and compares it with a new one after every request and
/// every time-driven wake-up, so that signals are sent exactly when something observable changed.
public struct TipsObservation: Hashable, Sendable {
    /// Every parameter's value.
    public var values: ParameterValues
    /// Every tip's status, in catalog order.
    public var statuses: [TipID: TipStatus]
    /// The catalog order of ``statuses``.
    public var order: [TipID]
    /// When a new tip may next appear; `nil` for now.
    public var nextDisplayTime: Date?

    /// Creates an observation.
    public init(values: ParameterValues, statuses: [TipID: TipStatus], order: [TipID], nextDisplayTime: Date?) {
        self.values = values
        self.statuses = statuses
        self.order = order
        self.nextDisplayTime = nextDisplayTime
    }

    /// What changed from `old` to `self`.
    public func changes(since old: TipsObservation) -> ObservationChanges {
        ObservationChanges(
            statuses: order.compactMap { id in
                guard let status = statuses[id], status != old.statuses[id] else { return nil }
                return (id, status)
            },
            parameters: TipParameter.allCases.filter { values[$0] != old.values[$0] },
            nextDisplayTimeChanged: nextDisplayTime != old.nextDisplayTime)
    }
}

/// The differences between two observations.
public struct ObservationChanges: Sendable {
    /// Tips whose status changed, with the new status, in catalog order.
    public var statuses: [(id: TipID, status: TipStatus)]
    /// Parameters whose value changed.
    public var parameters: [TipParameter]
    /// Whether the time a new tip may next appear changed.
    public var nextDisplayTimeChanged: Bool

    /// Whether nothing changed.
    public var isEmpty: Bool {
        statuses.isEmpty && parameters.isEmpty && !nextDisplayTimeChanged
    }
}
