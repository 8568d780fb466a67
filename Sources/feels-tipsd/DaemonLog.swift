import Foundation
import TipsService

/// One line per event on stderr, with a syslog priority prefix when stderr is the journal.
struct DaemonLog {
    /// Whether stderr goes to systemd's journal, which reads `<N>` priority prefixes.
    private let toJournal = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] != nil

    func error(_ message: String) { write(3, message) }
    func warning(_ message: String) { write(4, message) }
    func info(_ message: String) { write(6, message) }

    /// A command line that cannot run: the problem, then where to read how.
    func usage(_ error: UsageError) {
        FileHandle.standardError.write(
            Data("feels-tipsd: \(error)\nTry 'feels-tipsd --help' for more information.\n".utf8))
    }

    private func write(_ priority: Int, _ message: String) {
        let line = toJournal ? "<\(priority)>\(message)\n" : "feels-tipsd: \(message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
