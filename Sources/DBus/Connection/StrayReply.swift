/// A reply that arrived for no call its connection waits for: see `DBusConnection.firstStrayReply`.
public struct StrayReply: Sendable, Equatable {
    /// The serial of the call it answers.
    public let replySerial: UInt32
    /// Its error name when it is an error, `nil` for a method return.
    public let errorName: String?
    /// Its error message, if it is an error that has one.
    public let errorMessage: String?
}
