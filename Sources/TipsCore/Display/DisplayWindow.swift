import Foundation

/// The global, rolling display window: after a tip first appears, no other tip may first appear
/// until one display frequency has passed.
public struct DisplayWindow: Hashable, Sendable {
    /// When the tip that opened the window first appeared; `nil` if none ever has.
    public var opened: Date?
    /// The window's length.
    public var frequency: DisplayFrequency

    /// Creates a window.
    public init(opened: Date?, frequency: DisplayFrequency) {
        self.opened = opened
        self.frequency = frequency
    }

    /// When the window closes; `nil` when no tip has opened one.
    public var closes: Date? {
        opened.map { $0.addingTimeInterval(TimeInterval(frequency.seconds)) }
    }

    /// When a new tip may next appear, or `nil` when one may appear at `now`.
    public func nextDisplayTime(at now: Date) -> Date? {
        guard let closes, now < closes else { return nil }
        return closes
    }

    /// Whether a tip that never appeared may first appear at `now`.
    public func allowsNewTip(at now: Date) -> Bool {
        nextDisplayTime(at: now) == nil
    }
}
