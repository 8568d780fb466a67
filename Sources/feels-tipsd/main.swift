import FeelsSystem
import Glibc
import TipsService

// feels-tipsd: wiring only, in named steps. Everything it decides lives in TipsCore, everything it keeps in TipsStore,
// everything it says on the bus, and the steps themselves, in TipsService.
//
// The wiring is one function: its state lives in a TipsDaemon it holds in a local rather than in main.swift's globals,
// which Swift 6 makes the main actor's. The callbacks the loop runs then carry no check of the executor they run on,
// and the program links neither the Swift concurrency runtime nor libdispatch, whose start-up costs memory the service
// has no use for (docs/DESIGN.md, "Architecture").

/// Serves org.feels.Tips until told to stop, then exits with its status.
func run() -> Never {
    let log = ProcessLog(program: "feels-tipsd")

    let options = DaemonOptions.invocation(arguments: Array(CommandLine.arguments.dropFirst())).optionsOrExit(log: log)

    let daemon: TipsDaemon
    do {
        let bus = try ServedBus(address: options.address)
        let datastore = try DaemonDatastore(path: options.datastore, log: log)
        let opened = try datastore.openUnlessHeld()
        let connection = try bus.connect()
        TipsDaemon.readTimeZone(log: log)
        daemon = try TipsDaemon(options: options, log: log, datastore: datastore, connection: connection)
        daemon.reevaluateTipsWhenTheClockChanges()
        daemon.followTimeZone()
        daemon.followDatastorePath()
        daemon.exitWhenTheBusIsLost()
        try daemon.handleSignals()
        try daemon.serve(opened)
        try daemon.ownBusName()
    } catch {
        log.error(error.description)
        exit(1)
    }

    daemon.announce()
    daemon.run()
    daemon.finish()
    // Exits with the daemon, and so every object it holds, still held, as globals were (the zone file's watch among
    // them, which nothing else holds): Swift would release them after their last use, leaving the cycles their
    // callbacks form (the loop's handlers hold the loop) for a leak checker to count as lost.
    withExtendedLifetime(daemon) { exit(daemon.exitStatus) }
}

run()
