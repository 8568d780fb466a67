import DBus
import FeelsSystem
import Glibc
import TipsCore
import TipsStore

/// The one place where library errors become named D-Bus errors.
enum TipsServiceError {
    /// The mood is not one of the Feels scale.
    static let invalidMood: ErrorName = "org.feels.Tips1.Error.InvalidMood"
    /// No tip has the identifier.
    static let unknownTip: ErrorName = "org.feels.Tips1.Error.UnknownTip"
    /// The reason is not `actionPerformed` or `tipClosed`.
    static let invalidReason: ErrorName = "org.feels.Tips1.Error.InvalidReason"
    /// The datastore could not take the change; nothing changed.
    static let datastore: ErrorName = "org.feels.Tips1.Error.Datastore"

    /// Another process (another session's feels-tipsd) holds the datastore; this service serves once it exits.
    static let inUse: ErrorName = "org.feels.Tips1.Error.InUse"

    /// Every error name of the interface, for the documentation test.
    static let all = [invalidMood, unknownTip, invalidReason, datastore, inUse]

    /// The D-Bus error for a refused request.
    static func reply(for error: TipsError) -> DBusMethodError {
        switch error {
        case .invalidMood: DBusMethodError(name: invalidMood, message: error.description)
        case .unknownTip: DBusMethodError(name: unknownTip, message: error.description)
        case .invalidReason: DBusMethodError(name: invalidReason, message: error.description)
        case .unknownLocation, .dayCountOutOfRange, .invalidDisplayFrequency: .invalidArgs(error.description)
        }
    }

    /// The D-Bus error for a datastore that could not take a change.
    static func reply(for error: DatastoreError) -> DBusMethodError {
        DBusMethodError(name: datastore, message: error.description)
    }

    /// The D-Bus error for every call while `holder` has the datastore at `path`.
    static func inUse(datastore path: String, holder: PeerProcess?) -> DBusMethodError {
        DBusMethodError(
            name: inUse,
            message: "Datastore '\(path)' is in use by \(holder?.description ?? "another process"); "
                + "this feels-tipsd (pid \(getpid())) serves once it exits")
    }
}
