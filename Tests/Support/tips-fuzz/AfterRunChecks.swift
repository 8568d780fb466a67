import BusTestSupport
import DBus
import TipsInterface

/// What a run checks once its messages are answered: the service still answers, its counts are the ones the
/// acknowledged calls make, a clean stop keeps them, and it logged no sanitizer report.
struct AfterRunChecks {
    static let name = Tips1.busName
    static let path = Tips1.objectPath

    /// What held, a line each.
    var passed: [String] = []
    /// What did not, a line each.
    var failed: [String] = []

    /// `MoodLogCount`, and how many moods `ExportMoods` gives, through the contract's client.
    static func counts(_ connection: DBusConnection) throws(DBusError) -> (moodLogCount: Int, journalLength: Int) {
        let tips = Tips1Client(connection: connection, destination: name, path: path, timeout: .seconds(60))
        return (Int(try tips.moodLogCount()), try tips.exportMoods().arrayValue?.count ?? -1)
    }

    /// Whether the service introspects as the contract: each of the contract's interfaces it serves with exactly the
    /// contract's methods and properties, and, for a service this program started with `--testing`, all of them.
    mutating func check(_ surface: ServiceSurface, servedByUs: Bool) {
        failed += surface.differences.map { "the service differs from the contract: \($0)" }
        let served = surface.interfaces.filter(\.isContract).map { "\($0.name) (\($0.methods.count) methods)" }
        if surface.differences.isEmpty {
            passed.append("introspected as the contract: " + served.joined(separator: ", "))
        }
        let unserved = surface.unserved.joined(separator: ", ")
        if servedByUs, !unserved.isEmpty {
            failed.append("the service started with --testing does not serve \(unserved)")
        } else if !unserved.isEmpty {
            passed.append("not served, so fuzzed as unknown: \(unserved)")
        }
    }

    /// Pings the service, compares its counts with `run`'s, and, for a service this program started, stops it with
    /// SIGTERM, starts it again and compares once more.
    ///
    /// - Throws: `DBusError` when the counts cannot be read.
    mutating func check(_ service: ServiceUnderFuzz, after run: FuzzRun) throws(DBusError) {
        let pinged =
            (try? service.connection.call(
                destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Peer", member: "Ping",
                timeout: .seconds(30))) != nil
        pinged ? passed.append("Peer.Ping afterwards: answered") : failed.append("Peer.Ping afterwards: no answer")
        let after = try Self.counts(service.connection)
        let expected = (moodLogCount: run.moodLogCount, journalLength: run.journalLength)
        let counted = "MoodLogCount \(after.moodLogCount), \(after.journalLength) moods in the journal"
        if after == expected {
            passed.append("\(counted), as the acknowledged calls make them")
        } else {
            failed.append(
                "\(counted); the acknowledged calls make \(expected.moodLogCount) and \(expected.journalLength)")
        }
        guard service.isManaged else { return }
        let termination = try? service.restart()
        let again = try Self.counts(service.connection)
        if termination == .exited(0), again == after {
            passed.append("SIGTERM: exited 0; restarted with the same MoodLogCount and journal")
        } else {
            failed.append("SIGTERM: \(termination.map { "\($0)" } ?? "killed"); restarted with \(again)")
        }
        let last = service.stop()
        if last != .exited(0) { failed.append("the restarted service ended \(last.map { "\($0)" } ?? "killed")") }
    }

    /// Looks for sanitizer reports in the log of a service this program started, and, when the run stopped early,
    /// quotes its last lines.
    mutating func checkLog(of service: ServiceUnderFuzz, runStopped: Bool) {
        guard service.isManaged else { return }
        let reports = service.sanitizerReports
        if reports.isEmpty {
            passed.append("sanitizer reports in the service's log: none")
        } else {
            failed += reports.prefix(10).map { "the service's log: \($0)" }
        }
        if runStopped, !service.isRunning {
            failed.append("the service's last lines: " + service.log.suffix(5).joined(separator: " / "))
        }
    }
}
