/// What the engine remembers of one tip: how it was invalidated, when it was displayed and when it was shown as a
/// desktop notification.
public struct TipRecord: Hashable, Sendable {
    /// Why the tip was invalidated; `nil` while it is not.
    public var invalidation: InvalidationReason?
    /// How many times the tip has been displayed.
    public var displayCount: Int
    /// When the tip first appeared; `nil` if it never has.
    public var firstDisplayed: Instant?
    /// When the tip last appeared; `nil` if it never has.
    public var lastDisplayed: Instant?
    /// When the tip was claimed for a desktop notification, which counts as its first appearance; `nil` if it never
    /// was. A tip is notified at most once, until a reset.
    public var notified: Instant?

    /// Creates a record; the defaults are a tip never shown.
    public init(
        invalidation: InvalidationReason? = nil, displayCount: Int = 0, firstDisplayed: Instant? = nil,
        lastDisplayed: Instant? = nil, notified: Instant? = nil
    ) {
        self.invalidation = invalidation
        self.displayCount = displayCount
        self.firstDisplayed = firstDisplayed
        self.lastDisplayed = lastDisplayed
        self.notified = notified
    }
}
