import DBus
import EventLoop
import FeelsSystem
import Glibc
import TipsCore
import TipsService
import TipsStore

// feels-tipsd: wiring only. Everything it decides lives in TipsCore, everything it keeps in TipsStore,
// everything it says on the bus in TipsService.
//
// The wiring is one function: its state lives in locals rather than in main.swift's globals, which Swift 6 makes the
// main actor's. The callbacks the loop runs then carry no check of the executor they run on, and the program links
// neither the Swift concurrency runtime nor libdispatch, whose start-up alone costs half a megabyte of memory.

/// Serves org.feels.Tips until told to stop, then exits with its status.
func serve() -> Never {
    let log = ProcessLog(program: "feels-tipsd")

    let options: DaemonOptions
    do {
        options = try DaemonOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    } catch {
        log.usage(error.description)
        exit(2)
    }

    switch options.action {
    case .help:
        print(DaemonOptions.help)
        exit(0)
    case .version:
        print("feels-tipsd \(FeelsTipsVersion.current)")
        exit(0)
    case .introspect:
        print(TipsObject.introspectionXML, terminator: "")
        exit(0)
    case .serve:
        break
    }

    let busAddress = options.address ?? ProcessEnvironment.value("DBUS_SESSION_BUS_ADDRESS") ?? ""
    if DBusAddress.isSystemBus(busAddress) {
        log.error(
            "'\(busAddress)' is the system bus; feels-tipsd keeps one user's tips and serves only that user's session bus"
        )
        exit(1)
    }

    let datastorePath: String
    do {
        datastorePath =
            try options.datastore
            ?? TipsDatastore.defaultPath(environment: ProcessEnvironment.values(["XDG_DATA_HOME", "HOME"]))
    } catch {
        log.error("Failed to open the datastore: \(error)")
        exit(1)
    }
    // The datastore's path is followed by name from before it is opened, so that a save looks at the path only when
    // something happened to it: a stat(2) on every write's way to its fsync cost a LogMood 1–2 % (docs/BENCHMARKS.md).
    let datastoreWatch: PathWatch?
    do {
        datastoreWatch = try PathWatch(path: datastorePath, watchingTheFolderAbove: false)
    } catch {
        log.warning("\(error); every write will look at the datastore's path first")
        datastoreWatch = nil
    }
    /// The datastore opened, checked and handed to its writer, with the state it holds.
    func openDatastore() throws(DatastoreError) -> (DatastoreWriter, TipsState) {
        let datastore = try TipsDatastore(path: datastorePath, pages: .allButTheJournal)
        let state = try datastore.load()
        for note in datastore.notes {
            log.warning(note)
        }
        datastore.onRecovery = { log.warning($0) }
        if datastoreWatch != nil {
            datastore.pathCheck = .whenNoted
        }
        // From here on only the jobs the writer is given touch the datastore.
        return (DatastoreWriter(taking: datastore), state)
    }
    var opened: (DatastoreWriter, TipsState)?
    do {
        opened = try openDatastore()
    } catch .inUse {
        // Another session's service has it (one user, two session buses): this one answers with InUse meanwhile.
        opened = nil
    } catch {
        log.error("Failed to open the datastore: \(error)")
        exit(1)
    }

    let connection: DBusConnection
    do {
        connection =
            try options.address.map { address throws(DBusError) in try DBusConnection(address: address) }
            ?? DBusConnection.session()
    } catch {
        log.error("\(error)")
        exit(1)
    }

    SystemTimeZone.reload()
    if let problem = SystemTimeZone.unknownName {
        log.warning(problem)
    }
    let loop: PollLoop
    do {
        loop = try PollLoop()
    } catch {
        log.error("Failed to make the main loop: \(error)")
        exit(1)
    }
    var exitStatus: Int32 = 0
    var tips: TipsObject?
    var writer: DatastoreWriter?
    var alarm: LoopSourceID?
    // Only the categories messages need, for the C library's own; the tips' words come from our catalogs.
    let catalog = MessageCatalog()
    let translations = Translations(directory: catalog.directory)
    let languages = LanguageName.fromEnvironment(
        ProcessEnvironment.values(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]))
    /// Serves the tips from the datastore opened: the object, its log and alarm.
    func serveTips(_ opened: (DatastoreWriter, TipsState)) throws(DBusError) -> TipsObject {
        let engine = TipsEngine(state: opened.1, displayFrequency: options.displayFrequency, clock: SystemClock())
        let object = TipsObject(
            engine: engine, writer: opened.0, loop: loop, translations: translations, languages: languages,
            testing: options.testing)
        (tips, writer) = (object, opened.0)
        object.log = { log.warning($0) }
        object.onDatastoreRefused = { error in
            log.error("Failed to open the datastore: \(error); nothing was written to it")
            exitStatus = 1
            loop.stop()
        }
        object.onWakeNeeded = { instant in
            if let alarm { loop.cancelAlarm(alarm) }
            alarm = instant.map {
                loop.setAlarm(atMicrosecondsSinceEpoch: $0.microsecondsSinceEpoch) { object.timePassed() }
            }
        }
        try object.export(on: connection)
        return object
    }
    loop.addClockChangeHandler {
        log.info("The system clock was set or the machine resumed; re-evaluating the tips")
        tips?.timePassed()
    }

    // The zone the C library reads is followed by name, so that replacing /etc/localtime (timedatectl set-timezone)
    // or the file TZ names takes effect at once.
    var zoneWatch: PathWatch?
    if let zoneFile = SystemTimeZone.sourceFile {
        do {
            let watch = try PathWatch(path: zoneFile)
            zoneWatch = watch
            loop.addWatch(fd: watch.descriptor, events: .readable) { _ in
                guard watch.drainEvents() else { return }
                SystemTimeZone.reload()
                if let problem = SystemTimeZone.unknownName {
                    log.warning(problem)
                }
                log.info("The time zone changed to '\(SystemTimeZone().identifier)'; re-evaluating the tips")
                tips?.timePassed()
            }
        } catch {
            log.warning("\(error); a change of time zone will need a restart")
        }
    }

    if let datastoreWatch {
        loop.addWatch(fd: datastoreWatch.descriptor, events: .readable) { _ in
            guard datastoreWatch.drainEvents() else { return }
            tips?.datastorePathChanged()
        }
    }

    // While another process holds the datastore, a stand-in answers every call with InUse, and a thread waits on the
    // datastore's lock; once it is free, the tips object takes the stand-in's place and announces every property.
    // Asked only when the datastore is not ours: looking opens the file, and closing any descriptor of it would drop
    // the POSIX locks SQLite holds on it in this process.
    let standIn = TipsStandIn(
        datastore: datastorePath,
        holder: opened == nil ? DatastoreLockWait.holder(of: datastorePath).map(PeerProcess.init(pid:)) : nil)
    var lockWait: DatastoreLockWait?
    func waitForDatastore() {
        let wait: DatastoreLockWait
        do {
            wait = try DatastoreLockWait(path: datastorePath)
        } catch {
            log.error("Failed to wait for the datastore: \(error)")
            exitStatus = 1
            loop.stop()
            return
        }
        lockWait = wait
        var source: LoopSourceID?
        source = loop.addWatch(fd: wait.descriptor, events: .readable) { _ in
            guard let outcome = wait.outcome() else { return }
            if let source { loop.removeWatch(source) }
            lockWait = nil
            guard outcome.isEmpty else {
                log.error("Failed to wait for the datastore '\(datastorePath)': \(outcome)")
                exitStatus = 1
                loop.stop()
                return
            }
            do {
                let object = try serveTips(try openDatastore())
                object.announceTakeover()
                log.info(
                    "Serving '\(TipsObject.busName)' as \(connection.uniqueName) with datastore '\(datastorePath)' "
                        + "from now on: \(standIn.holder?.description ?? "the process that held it") let it go")
            } catch let error as DatastoreError {
                guard case .inUse = error else {
                    log.error("Failed to open the datastore: \(error)")
                    exitStatus = 1
                    loop.stop()
                    return
                }
                // A third process was quicker: wait for that one (the refusal names it).
                log.info("\(standIn.refusal.message); waiting again")
                waitForDatastore()
            } catch {
                log.error("Failed to serve '\(TipsObject.busName)': \(error)")
                exitStatus = 1
                loop.stop()
            }
        }
    }

    connection.onDisconnected = {
        log.error("Lost the connection to the bus, exiting")
        exitStatus = 1
        loop.stop()
    }
    do {
        // Calls rather than loops over arrays: serve() ends in exit(), and on the way there the compiler need not
        // free an array it no longer uses, which a leak checker then counts as lost.
        func stop(on signal: Int32, _ name: String) throws(DBusError) {
            _ = try loop.addSignalHandler(signal) {
                log.info("Received \(name), exiting")
                loop.stop()
            }
        }
        func ignore(_ signal: Int32, _ name: String) throws(DBusError) {
            _ = try loop.addSignalHandler(signal) {
                log.info("Received \(name); feels-tipsd has nothing to reload or report, ignoring")
            }
        }
        try stop(on: SIGTERM, "SIGTERM")
        try stop(on: SIGINT, "SIGINT")
        try ignore(SIGHUP, "SIGHUP")
        try ignore(SIGUSR1, "SIGUSR1")
        try ignore(SIGUSR2, "SIGUSR2")
        connection.attach(to: loop)
        if let opened {
            _ = try serveTips(opened)
        } else {
            try standIn.export(on: connection)
        }
        switch try connection.requestName(TipsObject.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
            break
        case .exists, .inQueue:
            log.error("The name '\(TipsObject.busName)' is already taken on this bus; is another feels-tipsd running?")
            exit(1)
        }
    } catch {
        log.error("Failed to serve '\(TipsObject.busName)': \(error)")
        exit(1)
    }

    if opened != nil {
        log.info(
            "Serving '\(TipsObject.busName)' as \(connection.uniqueName) with datastore '\(datastorePath)', "
                + "display frequency \(options.displayFrequency), time zone '\(SystemTimeZone().identifier)'")
    } else {
        log.warning(
            "\(standIn.refusal.message): answering every call on '\(TipsObject.busName)' as \(connection.uniqueName) "
                + "with \(standIn.refusal.name) until it is free")
        waitForDatastore()
    }
    loop.run()
    do {
        // The commit in flight is finished and answered; the datastore is closed with its WAL folded into the file.
        try tips?.finish()
    } catch {
        log.error("Failed to close the datastore cleanly: \(error); its journal is replayed at the next start")
        exitStatus = 1
    }
    connection.flush()
    connection.close()
    log.flush()
    // Exits with the objects still held, as globals were (the zone file's watch among them, which nothing else
    // holds): Swift would release them after their last use, leaving the cycles their callbacks form (the loop's
    // handlers hold the loop) for a leak checker to count as lost.
    withExtendedLifetime((loop, tips, connection, writer, zoneWatch, standIn, lockWait)) { exit(exitStatus) }
}

serve()
