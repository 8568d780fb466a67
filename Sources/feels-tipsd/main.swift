import DBus
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
        print(TipsInterface.introspectionXML, terminator: "")
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

    let writer: DatastoreWriter
    let state: TipsState
    do {
        let path =
            try options.datastore
            ?? TipsDatastore.defaultPath(environment: ProcessEnvironment.values(["XDG_DATA_HOME", "HOME"]))
        let datastore = try TipsDatastore(path: path, pages: .allButTheJournal)
        state = try datastore.load()
        for note in datastore.notes {
            log.warning(note)
        }
        datastore.onRecovery = { log.warning($0) }
        // From here on only the jobs the writer is given touch the datastore.
        writer = DatastoreWriter(taking: datastore)
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
    let loop = PollLoop()
    var exitStatus: Int32 = 0
    let engine = TipsEngine(state: state, displayFrequency: options.displayFrequency, clock: SystemClock())
    let tips = TipsObject(engine: engine, writer: writer, loop: loop, messages: MessageCatalog())
    tips.log = { log.warning($0) }
    tips.onDatastoreRefused = { error in
        log.error("Failed to open the datastore: \(error); nothing was written to it")
        exitStatus = 1
        loop.stop()
    }
    var alarm: LoopSourceID?
    tips.onWakeNeeded = { instant in
        if let alarm { loop.cancelAlarm(alarm) }
        alarm = instant.map { loop.setAlarm(atMicrosecondsSinceEpoch: $0.microsecondsSinceEpoch) { tips.timePassed() } }
    }
    loop.addClockChangeHandler {
        log.info("The system clock was set or the machine resumed; re-evaluating the tips")
        tips.timePassed()
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
                tips.timePassed()
            }
        } catch {
            log.warning("\(error); a change of time zone will need a restart")
        }
    }

    connection.onReplyQuota = { peer, exceeded in
        if exceeded {
            log.warning(
                "Client \(peer) is not reading its replies; refusing its calls with LimitsExceeded until it does")
        } else {
            log.info("Client \(peer) has read its replies; serving it again")
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
        try tips.export(on: connection)
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

    log.info(
        "Serving '\(TipsObject.busName)' as \(connection.uniqueName) with datastore '\(writer.path)', "
            + "display frequency \(options.displayFrequency), time zone '\(SystemTimeZone().identifier)'")
    loop.run()
    do {
        // The commit in flight is finished and answered; the datastore is closed with its WAL folded into the file.
        try tips.finish()
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
    withExtendedLifetime((loop, tips, connection, writer, zoneWatch)) { exit(exitStatus) }
}

serve()
