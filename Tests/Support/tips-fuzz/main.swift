// tips-fuzz: wiring only. FuzzOptions reads the command line, MessagePlanner chooses the messages, FuzzRun sends them
// and checks the replies, AfterRunChecks checks the service afterwards, ServiceUnderFuzz starts and stops it.

import BusTestSupport
import DBus
import Glibc

func say(_ line: String) {
    let text = "tips-fuzz: \(line)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

let options: FuzzOptions
do {
    options = try FuzzOptions(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    say("\(error)\nTry 'tips-fuzz --help' for more information.")
    exit(2)
}
if options.showsHelp {
    print(FuzzOptions.help)
    exit(0)
}

let service: ServiceUnderFuzz
do {
    if let address = options.address {
        service = try ServiceUnderFuzz(address: address)
    } else {
        // With the testing switches, so that the whole contract is fuzzed.
        service = try ServiceUnderFuzz(
            daemonPath: try options.daemon ?? builtProduct("feels-tipsd"), arguments: ["--testing"])
    }
} catch {
    say("cannot start the service: \(error)")
    exit(1)
}

let clock = ContinuousClock()
let started = clock.now
var checks = AfterRunChecks()
var tally = FuzzTally()
var stopped = false
do throws(DBusError) {
    let surface = try ServiceSurface.learn(from: service.connection, destination: AfterRunChecks.name)
    checks.check(surface, servedByUs: service.isManaged)
    let before = try AfterRunChecks.counts(service.connection)
    let planner = MessagePlanner(
        dice: Dice(seed: options.seed), surface: surface, largest: options.largest, largeEvery: options.largeEvery)
    let run = FuzzRun(
        connection: service.connection, destination: AfterRunChecks.name, planner: planner,
        moodLogCount: before.moodLogCount, journalLength: before.journalLength)
    say("seed \(options.seed): sending \(options.messages) messages to \(AfterRunChecks.name) on \(service.address)")
    defer { tally = run.tally }
    try run.send(
        count: options.messages, window: options.window, timeout: options.timeout,
        progressEvery: options.progressEvery
    ) { sent in say("\(sent) messages sent") }
    try checks.check(service, after: run)
} catch {
    checks.failed.append("the run stopped: \(error)")
    stopped = true
}
checks.checkLog(of: service, runStopped: stopped)
service.shutdown()
tally.failures = checks.failed
print(tally.report(seed: options.seed, seconds: (clock.now - started).seconds, checks: checks.passed))
exit(tally.passed ? 0 : 1)
