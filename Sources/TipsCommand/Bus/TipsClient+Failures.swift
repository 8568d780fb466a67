import DBus
import FeelsSystem
import TipsInterface

extension TipsClient {
    /// What `feels-tips testing` says to a service that does not serve the testing switches.
    public static let testingNotServed = CommandFailure(
        .failed,
        "the testing switches are not served: feels-tipsd serves \(Tips1Testing.name) only when started with "
            + "--testing; stop it ('systemctl --user stop feels-tipsd.service') and run 'feels-tipsd --testing'")

    /// Whether `error` is a service's answer that it does not serve `org.feels.Tips1.Testing`.
    static func isTestingNotServed(_ error: DBusError) -> Bool {
        guard case .remote(let name, _) = error else { return false }
        return name == "org.freedesktop.DBus.Error.UnknownInterface"
    }

    /// The one place where what the bus or the service answered becomes a message and an exit status.
    ///
    /// - The name has no owner and nothing can start it, starting it failed, it did not answer, or the connection was
    ///   lost: ``ExitStatus/unreachable``, with a sentence saying which.
    /// - The service waits for its datastore, which another session's service holds (`org.feels.Tips1.Error.InUse`):
    ///   ``ExitStatus/unreachable``, with the service's message naming that process.
    /// - The service refused the request: ``ExitStatus/failed``, with the service's own message.
    ///
    /// - Parameter error: What a call threw.
    /// - Returns: The failure to report.
    public func failure(for error: DBusError) -> CommandFailure {
        guard case .remote(let name, let message) = error else {
            switch error {
            case .disconnected: return CommandFailure(.unreachable, "lost the connection to \(busDescription)")
            case .invalidMessage(let reason):
                return CommandFailure(
                    .failed,
                    "feels-tipsd's answer is not what the contract says: \(reason); are feels-tips and "
                        + "feels-tipsd of the same version?")
            default: return CommandFailure(.failed, error.description)
            }
        }
        switch name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return CommandFailure(
                .unreachable,
                "feels-tipsd is not running and cannot be started: nothing provides \(Tips1.busName) on this bus "
                    + "(is Feels Tips installed?)")
        case _ where name.hasPrefix("org.freedesktop.DBus.Error.Spawn."):
            return CommandFailure(.unreachable, "feels-tipsd is not running and could not be started: \(message)")
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
            "org.freedesktop.DBus.Error.TimedOut", "org.freedesktop.DBus.Error.Disconnected":
            return CommandFailure(.unreachable, "feels-tipsd did not answer: \(message)")
        case Tips1.Error.inUse.rawValue:
            // Another session's feels-tipsd has the datastore; this session's waits and serves once it exits.
            return CommandFailure(.unreachable, "feels-tipsd cannot serve this session yet: \(message)")
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
            "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownProperty":
            return CommandFailure(
                .failed, "\(message) (is feels-tipsd older than feels-tips \(FeelsTipsVersion.current)?)")
        default:
            return CommandFailure(.failed, message.isEmpty ? name : message)
        }
    }
}
