/// Why a tip was invalidated, after TipKit's `Tips.InvalidationReason`.
public enum InvalidationReason: String, CaseIterable, Hashable, Sendable {
    /// The user did what the tip suggests.
    case actionPerformed
    /// The user closed the tip.
    case tipClosed
    /// The tip reached its ``TipOptions/maxDisplayCount``.
    case displayCountExceeded
}
