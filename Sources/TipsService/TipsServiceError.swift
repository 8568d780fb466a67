import DBus
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
}
