import DBus
import FeelsSystem
import Glibc
import TipsCore
import TipsInterface
import TipsStore

/// The one place where library errors become the contract's D-Bus errors.
enum TipsServiceError {
    /// The D-Bus error for a refused request.
    static func reply(for error: TipsError) -> DBusMethodError {
        switch error {
        case .invalidMood: Tips1.Error.invalidMood(error.description)
        case .unknownTip: Tips1.Error.unknownTip(error.description)
        case .unknownLocation: Tips1.Error.unknownLocation(error.description)
        case .invalidReason: Tips1.Error.invalidReason(error.description)
        case .heldByAnotherNotifier: Tips1.Error.notHolder(error.description)
        case .dayCountOutOfRange, .invalidDisplayFrequency: .invalidArgs(error.description)
        }
    }

    /// The D-Bus error for a datastore that could not take a change.
    static func reply(for error: DatastoreError) -> DBusMethodError {
        Tips1.Error.datastore(error.description)
    }

    /// The D-Bus error for a write refused because `waiting` writes already wait for the datastore at `path`.
    static func notKeepingUp(datastore path: String, waiting: Int) -> DBusMethodError {
        Tips1.Error.datastore(
            "Datastore '\(path)' is not keeping up: \(waiting) writes are waiting for the disk; nothing was changed")
    }

    /// The D-Bus error for every call while `holder` has the datastore at `path`.
    static func inUse(datastore path: String, holder: PeerProcess?) -> DBusMethodError {
        Tips1.Error.inUse(
            "Datastore '\(path)' is in use by \(holder?.description ?? "another process"); "
                + "this feels-tipsd (pid \(getpid())) serves once it exits")
    }
}
