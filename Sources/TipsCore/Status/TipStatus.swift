/// Where a tip stands, after TipKit's `Tip.Status`.
public enum TipStatus: Hashable, Sendable, CustomStringConvertible {
    /// Some rule does not hold yet.
    case pending
    /// Every rule holds and the tip has not been invalidated.
    case available
    /// The tip will not be shown again until tips are reset.
    case invalidated(InvalidationReason)

    /// The status's name on D-Bus: `pending`, `available` or `invalidated`.
    public var name: String {
        switch self {
        case .pending: "pending"
        case .available: "available"
        case .invalidated: "invalidated"
        }
    }

    /// The reason when invalidated, `nil` otherwise.
    public var invalidationReason: InvalidationReason? {
        if case .invalidated(let reason) = self { reason } else { nil }
    }

    /// The name, with the reason when invalidated: `invalidated(tip-closed)`.
    public var description: String {
        if let reason = invalidationReason { "invalidated(\(reason.spelling))" } else { name }
    }
}
