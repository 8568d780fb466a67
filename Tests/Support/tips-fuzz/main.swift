// tips-fuzz: wiring only. FuzzOptions reads the command line, MessagePlanner chooses the messages, FuzzRun sends them
// and checks each reply, AfterRunChecks checks the service afterwards.

import BusTestSupport
import DBus
import Glibc

func say(_ line: String) {
    let text = "tips-fuzz: \(line)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// Fuzzes the service the options name, or one started here (with the testing switches, so that the whole contract
/// is fuzzed), prints the report, and returns the exit status. What it started is stopped when it returns.
func fuzz(_ options: FuzzOptions) -> Int32 {
    let service: RunningService?
    let connection: DBusConnection
    do {
        if let address = options.address {
            service = nil
            connection = try DBusConnection(address: address)
        } else {
            let started = try RunningService(followsSignals: false)
            service = started
            connection = started.client
        }
    } catch {
        say("cannot start the service: \(error)")
        return 1
    }
    let clock = ContinuousClock()
    let started = clock.now
    var checks = AfterRunChecks()
    var tally = FuzzTally()
    var log: [String] = []
    var stopped = false
    do {
        let dice = Dice(seed: options.seed)
        let planner = MessagePlanner(
            dice: dice, values: RandomValues(dice: dice, largest: 8 << 20), largeEvery: options.largeEvery)
        let before = try AfterRunChecks.counts(connection)
        let run = FuzzRun(
            connection: connection, planner: planner, moodLogCount: before.moodLogCount,
            journalLength: before.journalLength)
        defer { tally = run.tally }
        say("seed \(options.seed): sending \(options.messages) messages")
        try run.send(count: options.messages, progressEvery: options.progressEvery) { say("\($0) messages sent") }
        let counts = try checks.check(connection, after: run)
        if let service { log = try checks.checkRestart(of: service, counts: counts) }
    } catch {
        checks.failed.append("the run stopped: \(error)")
        stopped = true
    }
    if let service {
        if service.daemon != nil {
            service.stop()
            log += service.lastLog
        }
        checks.check(log: log, runStopped: stopped)
    }
    tally.failures = checks.failed
    print(tally.report(seed: options.seed, seconds: (clock.now - started).seconds, checks: checks.passed))
    return tally.passed ? 0 : 1
}

do {
    let options = try FuzzOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    if options.showsHelp {
        print(FuzzOptions.help)
        exit(0)
    }
    exit(fuzz(options))
} catch {
    say("\(error)\nTry 'tips-fuzz --help' for more information.")
    exit(2)
}
