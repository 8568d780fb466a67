import DBus
import TipsInterface

/// Why `feels-tipsd` could not start serving: the line it logs as an error before it exits with status 1.
public struct DaemonStartFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line to log, without the program's name.
    public let description: String

    /// A failure that logs `description`.
    public init(_ description: String) {
        self.description = description
    }

    /// The bus refused or failed what serving needs: the object's export, the name, a signal's handler.
    static func serving(_ error: DBusError) -> DaemonStartFailure {
        DaemonStartFailure("Failed to serve '\(Tips1.busName)': \(error)")
    }
}
