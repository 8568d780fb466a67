import BusTestSupport
import DBus
import TipsInterface

/// What a run checks once its messages are answered: the service still answers, its counts are the ones the
/// acknowledged calls make and, for a service this program started, a clean stop keeps them and its log holds no
/// sanitizer report.
struct AfterRunChecks {
    /// What held, a line each.
    var passed: [String] = []
    /// What did not, a line each.
    var failed: [String] = []

    /// The lines a sanitizer starts its report with.
    static let sanitizerReports = [
        "ERROR: AddressSanitizer", "WARNING: ThreadSanitizer", "ERROR: LeakSanitizer", "runtime error:",
    ]

    /// `MoodLogCount`, and how many moods `ExportMoods` gives, through the contract's client.
    static func counts(_ connection: DBusConnection) throws(DBusError) -> Counts {
        let tips = Tips1Client(connection: connection, timeout: .seconds(60))
        return Counts(
            moodLogCount: Int(try tips.moodLogCount()), journalLength: try tips.exportMoods().arrayValue?.count ?? -1)
    }

    /// `MoodLogCount` and the journal's length.
    struct Counts: Equatable, CustomStringConvertible {
        var moodLogCount: Int
        var journalLength: Int
        var description: String { "MoodLogCount \(moodLogCount), \(journalLength) moods in the journal" }
    }

    /// Pings the service and compares its counts with what `run`'s acknowledged calls make them.
    ///
    /// - Returns: The counts.
    /// - Throws: `DBusError` when the counts cannot be read.
    mutating func check(_ connection: DBusConnection, after run: FuzzRun) throws(DBusError) -> Counts {
        let pinged =
            (try? connection.call(
                destination: Tips1.busName, path: Tips1.objectPath, interface: "org.freedesktop.DBus.Peer",
                member: "Ping", timeout: .seconds(30))) != nil
        pinged ? passed.append("Peer.Ping afterwards: answered") : failed.append("Peer.Ping afterwards: no answer")
        let counts = try Self.counts(connection)
        let expected = Counts(moodLogCount: run.moodLogCount, journalLength: run.journalLength)
        if counts == expected {
            passed.append("\(counts), as the acknowledged calls make them")
        } else {
            failed.append(
                "\(counts); the acknowledged calls make \(expected.moodLogCount) and \(expected.journalLength)")
        }
        return counts
    }

    /// Stops `service` with SIGTERM, starts it again on its datastore, compares its counts with `counts`, and stops
    /// it again.
    ///
    /// - Returns: What the service logged.
    /// - Throws: When it does not start again, or its counts cannot be read.
    mutating func checkRestart(of service: RunningService, counts: Counts) throws -> [String] {
        let termination = service.stop()
        var log = service.lastLog
        try service.start()
        let again = try Self.counts(service.client)
        if termination == .exited(0), again == counts {
            passed.append("SIGTERM: exited 0; restarted with the same MoodLogCount and journal")
        } else {
            failed.append("SIGTERM: \(termination.map { "\($0)" } ?? "killed"); restarted with \(again)")
        }
        let last = service.stop()
        log += service.lastLog
        if last != .exited(0) { failed.append("the restarted service ended \(last.map { "\($0)" } ?? "killed")") }
        return log
    }

    /// Looks for sanitizer reports in what a service this program started logged, and, when the run stopped early,
    /// quotes its last lines.
    mutating func check(log: [String], runStopped: Bool) {
        let reports = log.filter { line in Self.sanitizerReports.contains { line.contains($0) } }
        if reports.isEmpty {
            passed.append("sanitizer reports in the service's log: none")
        } else {
            failed += reports.prefix(10).map { "the service's log: \($0)" }
        }
        if runStopped {
            failed.append("the service's last lines: " + log.suffix(5).joined(separator: " / "))
        }
    }
}
