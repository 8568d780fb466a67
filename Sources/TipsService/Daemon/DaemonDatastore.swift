import FeelsSystem
import TipsCore
import TipsStore

/// The datastore `feels-tipsd` serves: its path, followed by name, and its opening, which hands it to its writer.
public final class DaemonDatastore {
    /// The datastore and the state it held when it was opened.
    public struct Opened {
        /// The writer the datastore was handed to; from then on only the jobs it is given touch the datastore.
        public let writer: DatastoreWriter
        /// The state loaded from the datastore.
        public let state: TipsState
    }

    /// The datastore's path.
    public let path: String
    /// What follows the path by name; `nil` when it cannot be followed, and every write looks at the path first.
    public let watch: PathWatch?
    private let log: ProcessLog

    /// The datastore at `path`, or at the default path under `XDG_DATA_HOME` or `HOME` when `path` is `nil`, its path
    /// followed from now on.
    ///
    /// The path is followed by name from before the datastore is opened, so that a save looks at the path only when
    /// something happened to it rather than with a stat(2) on every write's way to its fsync.
    ///
    /// - Parameters:
    ///   - path: The path `--datastore` gave.
    ///   - log: Where a path that cannot be followed, and the datastore's notes and recoveries, are logged.
    /// - Throws: ``DaemonStartFailure`` when there is no default path.
    public init(path: String?, log: ProcessLog) throws(DaemonStartFailure) {
        do {
            self.path =
                try path
                ?? TipsDatastore.defaultPath(environment: ProcessEnvironment.values(["XDG_DATA_HOME", "HOME"]))
        } catch {
            throw DaemonStartFailure("Failed to open the datastore: \(error)")
        }
        self.log = log
        do {
            watch = try PathWatch(path: self.path, watchingTheFolderAbove: false)
        } catch {
            log.warning("\(error); every write will look at the datastore's path first")
            watch = nil
        }
    }

    /// Opens the datastore, unless another process holds it.
    ///
    /// - Returns: The datastore opened; `nil` when another session's service has it (one user, two session buses),
    ///   and a stand-in answers for it meanwhile.
    /// - Throws: ``DaemonStartFailure`` when it cannot be opened for any other reason.
    public func openUnlessHeld() throws(DaemonStartFailure) -> Opened? {
        do {
            return try open()
        } catch .inUse {
            return nil
        } catch {
            throw DaemonStartFailure("Failed to open the datastore: \(error)")
        }
    }

    /// Opens the datastore, checks it and hands it to its writer.
    ///
    /// - Throws: ``DatastoreError`` saying why it could not be opened or read.
    func open() throws(DatastoreError) -> Opened {
        let datastore = try TipsDatastore(path: path)
        let state = try datastore.load()
        for note in datastore.notes {
            log.warning(note)
        }
        datastore.onRecovery = { [log] in log.warning($0) }
        if watch != nil {
            datastore.pathCheck = .whenNoted
        }
        return Opened(writer: DatastoreWriter(taking: datastore), state: state)
    }
}
