/// Flags for `DBusConnection.requestName(_:flags:)`.
public struct RequestNameFlags: OptionSet, Hashable, Sendable {
    /// The raw bits, as the specification numbers them.
    public let rawValue: UInt32

    /// Creates flags from raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Let another connection that asks with `.replaceExisting` take the name over.
    public static let allowReplacement = RequestNameFlags(rawValue: 1)
    /// Take the name from its owner if that owner allowed replacement.
    public static let replaceExisting = RequestNameFlags(rawValue: 2)
    /// Fail (`.exists`) rather than wait in the queue when the name is taken.
    public static let doNotQueue = RequestNameFlags(rawValue: 4)
}
