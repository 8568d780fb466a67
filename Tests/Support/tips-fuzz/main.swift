// tips-fuzz: wiring only. FuzzOptions reads the command line, MessagePlanner chooses the messages, FuzzRun sends them
// and checks the replies, ServiceUnderFuzz starts and stops the service.

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

let name: BusName = "org.feels.Tips"
let path: ObjectPath = "/org/feels/Tips"
let interface: InterfaceName = "org.feels.Tips1"

/// `MoodLogCount`, and the number of moods `ExportMoods` gives.
func counts(_ connection: DBusConnection) throws(DBusError) -> (moodLogCount: Int, journalLength: Int) {
    let count = try connection.getProperty(
        destination: name, path: path, interface: interface, name: "MoodLogCount", timeout: .seconds(60))
    let moods = try connection.call(
        destination: name, path: path, interface: interface, member: "ExportMoods", timeout: .seconds(60))
    return (Int(count.uint32Value ?? 0), moods.first?.arrayValue?.count ?? -1)
}

let service: ServiceUnderFuzz
do {
    if let address = options.address {
        service = try ServiceUnderFuzz(address: address)
    } else {
        service = try ServiceUnderFuzz(daemonPath: try options.daemon ?? builtProduct("feels-tipsd"), arguments: [])
    }
} catch {
    say("cannot start the service: \(error)")
    exit(1)
}

let clock = ContinuousClock()
let started = clock.now
var checks: [String] = []
var failures: [String] = []
var tally = FuzzTally()
do throws(DBusError) {
    let surface = try ServiceSurface.learn(from: service.connection, destination: name)
    let before = try counts(service.connection)
    let planner = MessagePlanner(
        dice: Dice(seed: options.seed), surface: surface, largest: options.largest, largeEvery: options.largeEvery)
    let run = FuzzRun(
        connection: service.connection, destination: name, planner: planner, moodLogCount: before.moodLogCount,
        journalLength: before.journalLength)
    say("seed \(options.seed): sending \(options.messages) messages to \(name) on \(service.address)")
    defer { tally = run.tally }
    try run.send(
        count: options.messages, window: options.window, timeout: options.timeout,
        progressEvery: options.progressEvery
    ) { sent in say("\(sent) messages sent") }

    let pinged =
        (try? service.connection.call(
            destination: name, path: path, interface: "org.freedesktop.DBus.Peer", member: "Ping",
            timeout: .seconds(30))) != nil
    pinged ? checks.append("Peer.Ping afterwards: answered") : failures.append("Peer.Ping afterwards: no answer")
    let after = try counts(service.connection)
    let expected = (moodLogCount: run.moodLogCount, journalLength: run.journalLength)
    let countsLine = "MoodLogCount \(after.moodLogCount), \(after.journalLength) moods in the journal"
    if after == expected {
        checks.append("\(countsLine), as the acknowledged calls make them")
    } else {
        failures.append(
            "\(countsLine); the acknowledged calls make \(expected.moodLogCount) and \(expected.journalLength)")
    }
    if service.isManaged {
        let termination = try? service.restart()
        let again = try counts(service.connection)
        if termination == .exited(0), again == after {
            checks.append("SIGTERM: exited 0; restarted with the same MoodLogCount and journal")
        } else {
            failures.append("SIGTERM: \(termination.map { "\($0)" } ?? "killed"); restarted with \(again)")
        }
        let last = service.stop()
        if last != .exited(0) { failures.append("the restarted service ended \(last.map { "\($0)" } ?? "killed")") }
    }
} catch {
    failures.append("the run stopped: \(error)")
}

if service.isManaged {
    let reports = service.sanitizerReports
    if reports.isEmpty {
        checks.append("sanitizer reports in the service's log: none")
    } else {
        failures += reports.prefix(10).map { "the service's log: \($0)" }
    }
    if !service.isRunning, failures.contains(where: { $0.hasPrefix("the run stopped") }) {
        failures.append("the service's last lines: " + service.log.suffix(5).joined(separator: " / "))
    }
}
service.shutdown()
tally.failures = failures
print(tally.report(seed: options.seed, seconds: (clock.now - started).secondsValue, checks: checks))
exit(tally.passed ? 0 : 1)

extension Duration {
    /// The duration in seconds.
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
