/// The tips held for desktop notifications now, each with the notifier that holds it.
///
/// A notification is claimed atomically with the first appearance it records, and while it is on screen its tip is
/// held back from apps: one tip shows in one place at a time. Claims are never stored: a hold lasts only while its
/// notifier is on the bus, and ends with the service, like the testing switches.
public struct NotificationClaims: Hashable, Sendable {
    /// Each held tip, with its holder: the notifier's unique bus name.
    public private(set) var holders: [TipID: String] = [:]
    /// Tips notified while a testing switch showed them: nothing is recorded for them, so this keeps each from being
    /// notified again until the switch changes.
    public private(set) var notifiedForTesting: Set<TipID> = []

    /// No claims.
    public init() {}

    /// Whether the tip is held for a notification.
    public func isHeld(_ id: TipID) -> Bool {
        holders[id] != nil
    }

    /// Holds the tip for `holder`.
    mutating func hold(_ id: TipID, for holder: String, forTesting: Bool) {
        holders[id] = holder
        if forTesting { notifiedForTesting.insert(id) }
    }

    /// Ends the tip's hold; with `undoTesting`, it may be notified again under the same testing switch.
    mutating func release(_ id: TipID, undoTesting: Bool) {
        holders[id] = nil
        if undoTesting { notifiedForTesting.remove(id) }
    }

    /// Ends every hold of `holder`, returning the tips it held, in identifier order.
    mutating func releaseAll(heldBy holder: String) -> [TipID] {
        let held = holders.filter { $0.value == holder }.keys.sorted()
        for id in held { holders[id] = nil }
        return held
    }

    /// Forgets which tips were notified under a testing switch, once the switch changes.
    mutating func forgetTestingNotifications() {
        notifiedForTesting.removeAll()
    }
}
