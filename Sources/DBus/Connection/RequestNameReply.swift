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

/// The bus's answer to `DBusConnection.releaseName(_:)`.
public enum ReleaseNameReply: Hashable, Sendable {
    /// The name was released (or this connection left its queue).
    case released
    /// Nobody owned the name.
    case nonExistent
    /// Another connection owns the name.
    case notOwner
}
