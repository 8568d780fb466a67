/// The bus's answer to `DBusConnection.requestName(_:flags:)`.
public enum RequestNameReply: Hashable, Sendable {
    /// This connection now owns the name.
    case primaryOwner
    /// The name is taken; this connection waits in the queue for it.
    case inQueue
    /// The name is taken and this connection asked not to queue.
    case exists
    /// This connection already owned the name.
    case alreadyOwner
}
