/// An error raised by the D-Bus binding, before bad input reaches the wire or after the bus answers.
public enum DBusError: Error, Equatable, Hashable, Sendable {
    /// The text is not a valid object path; `reason` says which rule it breaks.
    case invalidObjectPath(String, reason: String)
    /// The text is not a valid bus name (well-known or unique).
    case invalidBusName(String, reason: String)
    /// The text is not a valid interface name.
    case invalidInterfaceName(String, reason: String)
    /// The text is not a valid member (method, signal or property) name.
    case invalidMemberName(String, reason: String)
    /// The text is not a valid error name.
    case invalidErrorName(String, reason: String)
    /// The text is not a valid type signature.
    case invalidSignature(String, reason: String)
    /// A string contains a NUL character, which D-Bus strings cannot carry.
    case invalidString(String)
    /// A value or signature uses a type the binding does not support (unix file descriptors, `h`).
    case unsupportedType(String)
    /// A value does not match the signature it was declared with.
    case typeMismatch(expected: String, actual: String)
    /// Containers are nested deeper than D-Bus allows.
    case nestingTooDeep(depth: Int)
    /// An array or the whole message would exceed the D-Bus size limits.
    case messageTooLarge(bytes: Int, limit: Int)
    /// A received message could not be decoded.
    case invalidMessage(String)
    /// `DBUS_SESSION_BUS_ADDRESS` is not set, so there is no session bus to connect to.
    case noSessionBus
    /// Connecting or registering with the bus failed.
    case connectionFailed(name: String, message: String)
    /// The connection to the bus is closed or was lost.
    case disconnected
    /// The peer (or the binding on its behalf, for timeouts) answered with a D-Bus error.
    case remote(name: String, message: String)
    /// libdbus could not allocate memory for a message or a call.
    case outOfMemory
    /// A system call failed.
    case system(operation: String, errno: Int32)
}

extension DBusError: CustomStringConvertible {
    /// A one-line, human-readable account of the error, user values in single quotes.
    public var description: String {
        switch self {
        case .invalidObjectPath(let text, let reason): "Invalid object path '\(text)': \(reason)"
        case .invalidBusName(let text, let reason): "Invalid bus name '\(text)': \(reason)"
        case .invalidInterfaceName(let text, let reason): "Invalid interface name '\(text)': \(reason)"
        case .invalidMemberName(let text, let reason): "Invalid member name '\(text)': \(reason)"
        case .invalidErrorName(let text, let reason): "Invalid error name '\(text)': \(reason)"
        case .invalidSignature(let text, let reason): "Invalid signature '\(text)': \(reason)"
        case .invalidString(let text):
            "Invalid string '\(String(text.unicodeScalars.prefix(64)))': contains a NUL character"
        case .unsupportedType(let type): "Unsupported D-Bus type '\(type)'"
        case .typeMismatch(let expected, let actual): "Expected signature '\(expected)', got '\(actual)'"
        case .nestingTooDeep(let depth): "Containers nested \(depth) deep, deeper than D-Bus allows"
        case .messageTooLarge(let bytes, let limit): "Message too large: \(bytes) bytes, limit \(limit)"
        case .invalidMessage(let reason): "Invalid message: \(reason)"
        case .noSessionBus: "Failed to connect to the bus: no session bus, DBUS_SESSION_BUS_ADDRESS is not set"
        case .connectionFailed(let name, let message): "Failed to connect to the bus: \(message) (\(name))"
        case .disconnected: "Not connected to the bus"
        case .remote(let name, let message): "\(name): \(message)"
        case .outOfMemory: "Out of memory"
        case .system(let operation, let code): "\(operation) failed: errno \(code)"
        }
    }
}
