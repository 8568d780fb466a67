/// The global, rolling display window: after a tip first appears, no other tip may first appear
/// until one display frequency has passed.
public struct DisplayWindow: Hashable, Sendable {
    /// When the tip that opened the window first appeared; `nil` if none ever has.
    public var opened: Instant?
    /// The window's length.
    public var frequency: DisplayFrequency

    /// When a new tip may next appear, or `nil` when one may appear at `now`.
    ///
    /// A window that opened after `now` (the clock was set back) counts from `now`, so it never holds new tips back
    /// for longer than its length; ``TipsEngine/followClock()`` then stores that.
    public func nextDisplayTime(at now: Instant) -> Instant? {
        guard let opened else { return nil }
        let closes = min(opened, now).advanced(bySeconds: Int64(frequency.seconds))
        return now < closes ? closes : nil
    }
}
