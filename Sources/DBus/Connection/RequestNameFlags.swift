import CDBus

/// Flags for `DBusConnection.requestName(_:flags:)`.
public struct RequestNameFlags: OptionSet, Hashable, Sendable {
    /// The raw `DBUS_NAME_FLAG_*` bits.
    public let rawValue: UInt32

    /// Creates flags from raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Let another connection that asks with `.replaceExisting` take the name over.
    public static let allowReplacement = RequestNameFlags(rawValue: CDBUS_NAME_FLAG_ALLOW_REPLACEMENT)
    /// Take the name from its owner if that owner allowed replacement.
    public static let replaceExisting = RequestNameFlags(rawValue: CDBUS_NAME_FLAG_REPLACE_EXISTING)
    /// Fail (`.exists`) rather than wait in the queue when the name is taken.
    public static let doNotQueue = RequestNameFlags(rawValue: CDBUS_NAME_FLAG_DO_NOT_QUEUE)
}
