import DBus
import EventLoop
import FeelsSystem
import TipsStore

/// `feels-tipsd` while it serves: the connection, the loop, the datastore, and the tips object or the stand-in that
/// answers while another process holds the datastore.
///
/// The executable makes one from its main function and calls its steps in order: the loop's handlers keep their
/// state here rather than in `main.swift`'s globals, which Swift 6 makes the main actor's. They then carry no check of
/// the executor they run on, and the program links neither the Swift concurrency runtime nor libdispatch.
public final class TipsDaemon {
    let options: DaemonOptions
    let log: ProcessLog
    let datastore: DaemonDatastore
    let connection: DBusConnection
    let loop: PollLoop
    let translations: Translations
    let languages: [LanguageName]
    /// The status the process exits with: 0 unless something failed on the way.
    public private(set) var exitStatus: Int32 = 0
    var tips: TipsObject?
    var alarm: LoopSourceID?
    var zoneWatch: PathWatch?
    var standIn: TipsStandIn?
    var lockWait: DatastoreLockWait?

    /// Makes the loop that will serve `connection`, and the translations the tips' words come from.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - log: Where every event is logged.
    ///   - datastore: The datastore to serve, opened or not.
    ///   - connection: The connection to the bus, not yet attached to a loop.
    /// - Throws: ``DaemonStartFailure`` when the loop cannot be made.
    public init(
        options: DaemonOptions, log: ProcessLog, datastore: DaemonDatastore, connection: DBusConnection
    ) throws(DaemonStartFailure) {
        self.options = options
        self.log = log
        self.datastore = datastore
        self.connection = connection
        do {
            loop = try PollLoop()
        } catch {
            throw DaemonStartFailure("Failed to make the main loop: \(error)")
        }
        // Only the categories messages need, for the C library's own; the tips' words come from our catalogs.
        let catalog = MessageCatalog()
        translations = Translations(directory: catalog.directory)
        languages = LanguageName.fromEnvironment(
            ProcessEnvironment.values(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]))
    }

    /// Serves until told to stop.
    public func run() {
        loop.run()
    }

    /// Finishes the commit in flight and answers it, closes the datastore with its write-ahead log folded into the
    /// file, and closes the connection once what it holds is sent; call once ``run()`` has returned.
    public func finish() {
        do {
            try tips?.finish()
        } catch {
            log.error("Failed to close the datastore cleanly: \(error); its journal is replayed at the next start")
            exitStatus = 1
        }
        connection.flush()
        connection.close()
        log.flush()
    }

    /// Stops the loop; the process then exits with `status`.
    func stop(exitingWith status: Int32) {
        exitStatus = status
        loop.stop()
    }
}
