import BusTestSupport
import DBus

/// What a run checks once its messages are answered: the service still answers, its counts are the ones the
/// acknowledged calls make, a clean stop keeps them, and it logged no sanitizer report.
struct AfterRunChecks {
    static let name: BusName = "org.feels.Tips"
    static let path: ObjectPath = "/org/feels/Tips"
    static let interface: InterfaceName = "org.feels.Tips1"

    /// What held, a line each.
    var passed: [String] = []
    /// What did not, a line each.
    var failed: [String] = []

    /// `MoodLogCount`, and how many moods `ExportMoods` gives.
    static func counts(_ connection: DBusConnection) throws(DBusError) -> (moodLogCount: Int, journalLength: Int) {
        let count = try connection.getProperty(
            destination: name, path: path, interface: interface, name: "MoodLogCount", timeout: .seconds(60))
        let moods = try connection.call(
            destination: name, path: path, interface: interface, member: "ExportMoods", timeout: .seconds(60))
        return (Int(count.uint32Value ?? 0), moods.first?.arrayValue?.count ?? -1)
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
