/// The global, rolling display window: after a tip first appears, no other tip may first appear
/// until one display frequency has passed.
public struct DisplayWindow: Hashable, Sendable {
    /// When the tip that opened the window first appeared; `nil` if none ever has.
    public var opened: Instant?
    /// The window's length.
    public var frequency: DisplayFrequency

    /// Creates a window.
    public init(opened: Instant?, frequency: DisplayFrequency) {
        self.opened = opened
        self.frequency = frequency
    }

    /// When the window closes; `nil` when no tip has opened one.
    public var closes: Instant? {
        opened.map { $0.advanced(bySeconds: Int64(frequency.seconds)) }
    }

    /// When a new tip may next appear, or `nil` when one may appear at `now`.
    public func nextDisplayTime(at now: Instant) -> Instant? {
        guard let closes, now < closes else { return nil }
        return closes
    }

    /// Whether a tip that never appeared may first appear at `now`.
    public func allowsNewTip(at now: Instant) -> Bool {
        nextDisplayTime(at: now) == nil
    }
}
