import DBus
import Foundation
import TipsCore
import TipsService
import TipsStore

// feels-tipsd: wiring only. Everything it decides lives in TipsCore, everything it keeps in TipsStore,
// everything it says on the bus in TipsService.

let log = DaemonLog()

let options: DaemonOptions
do {
    options = try DaemonOptions(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    log.usage(error)
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

let datastore: TipsDatastore
let state: TipsState
do {
    let path = try options.datastore ?? TipsDatastore.defaultPath(environment: ProcessInfo.processInfo.environment)
    datastore = try TipsDatastore(path: path)
    state = try datastore.load()
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
    log.error("Failed to connect to the bus: \(error)")
    exit(1)
}

let loop = PollLoop()
let engine = TipsEngine(state: state, displayFrequency: options.displayFrequency, clock: SystemClock())
let tips = TipsObject(engine: engine, datastore: datastore)
tips.log = { log.warning($0) }
var alarm: LoopSourceID?
tips.onWakeNeeded = { instant in
    if let alarm { loop.cancelAlarm(alarm) }
    alarm = instant.map { loop.setAlarm(at: $0) { tips.timePassed() } }
}

var exitStatus: Int32 = 0
connection.onDisconnected = {
    log.error("Lost the connection to the bus, exiting")
    exitStatus = 1
    loop.stop()
}
do {
    for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
        _ = try loop.addSignalHandler(signal) {
            log.info("Received \(name), exiting")
            loop.stop()
        }
    }
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
    "Serving '\(TipsObject.busName)' as \(connection.uniqueName) with datastore '\(datastore.path)', "
        + "display frequency \(options.displayFrequency)")
loop.run()
connection.close()
exit(exitStatus)
