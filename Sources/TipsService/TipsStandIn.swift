import DBus
import FeelsSystem
import TipsInterface
import TipsStore

/// What answers at `/org/feels/Tips` while another process holds the datastore, as another session's feels-tipsd
/// does when one user has two session buses: the interface as it is (introspection, the name owned), every call of
/// its methods and properties answered with `org.feels.Tips1.Error.InUse`, naming the process that holds it.
///
/// The executable waits for the datastore meanwhile (`DatastoreLockWait`), then replaces the stand-in with the
/// ``TipsObject`` (``TipsObject/export(on:)``) and announces every property (``TipsObject/announceTakeover()``).
public final class TipsStandIn {
    /// The datastore waited for.
    public let datastore: String
    /// The process holding it, as far as `/proc` tells.
    public var holder: PeerProcess?

    /// A stand-in for the datastore at `datastore`, held by `holder`.
    public init(datastore: String, holder: PeerProcess?) {
        self.datastore = datastore
        self.holder = holder
    }

    /// The error every call is answered with now, naming the process that holds the lock at this moment (the last one
    /// seen, when the lock is between holders): when two services wait and one takes the datastore, the other's wait
    /// goes on unwoken, and the process it saw first is gone.
    public var refusal: DBusMethodError {
        if let current = DatastoreLockWait.holder(of: datastore), current != holder?.pid {
            holder = PeerProcess(pid: current)
        }
        return TipsServiceError.inUse(datastore: datastore, holder: holder)
    }

    /// Exports the stand-in at ``Tips1/objectPath``; call before requesting the bus name.
    public func export(on connection: DBusConnection) throws(DBusError) {
        var interface = Tips1.definition(serving: nil)
        interface.refusal = { [weak self] in self?.refusal ?? TipsServiceError.inUse(datastore: "", holder: nil) }
        try connection.export([interface], at: Tips1.objectPath)
    }
}
