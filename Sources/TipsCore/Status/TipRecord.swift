/// What the engine remembers of one tip: how it was invalidated and when it was displayed.
public struct TipRecord: Hashable, Sendable {
    /// Why the tip was invalidated; `nil` while it is not.
    public var invalidation: InvalidationReason?
    /// How many times the tip has been displayed.
    public var displayCount: Int
    /// When the tip first appeared; `nil` if it never has.
    public var firstDisplayed: Instant?
    /// When the tip last appeared; `nil` if it never has.
    public var lastDisplayed: Instant?

    /// Creates a record; the defaults are a tip never shown.
    public init(
        invalidation: InvalidationReason? = nil, displayCount: Int = 0, firstDisplayed: Instant? = nil,
        lastDisplayed: Instant? = nil
    ) {
        self.invalidation = invalidation
        self.displayCount = displayCount
        self.firstDisplayed = firstDisplayed
        self.lastDisplayed = lastDisplayed
    }
}
