/// Identifies a signal subscription on a `DBusConnection`.
public struct SignalSubscriptionToken: Hashable, Sendable {
    /// A number unique within the connection.
    public let rawValue: UInt64
}
