import Glibc
import Synchronization

/// One line per event on stderr: `program: message` on a terminal, `<N>message` with a syslog priority when stderr
/// is systemd's journal.
///
/// A line equal to the one before is not written again; the next different line is preceded by how often it
/// repeated, so a failure that recurs on every call (a full disk) is one line, not thousands.
public final class ProcessLog: Sendable {
    /// The program's name, which starts every line outside the journal.
    public let program: String
    private let toJournal: Bool
    private let repeats = Mutex<(last: String?, count: Int)>((nil, 0))

    /// A log for `program`, writing to stderr.
    public init(program: String) {
        self.program = program
        self.toJournal = Self.stderrIsJournal()
    }

    /// A failure the program cannot go on from, or a request that failed.
    public func error(_ message: String) { write(3, message) }
    /// Something went wrong that the program works around.
    public func warning(_ message: String) { write(4, message) }
    /// A normal but significant event: started, stopped, shown.
    public func notice(_ message: String) { write(5, message) }
    /// An event worth a line.
    public func info(_ message: String) { write(6, message) }

    /// A command line that cannot run: the problem, then where to read how.
    public func usage(_ message: String) {
        writeLine("\(program): \(message)\nTry '\(program) --help' for more information.\n")
    }

    /// Writes how often the last line repeated, if it did; call before exiting.
    public func flush() {
        let line = repeats.withLock { state -> String? in
            defer { state = (nil, 0) }
            return state.count > 0 ? repeatedLine(state.count) : nil
        }
        if let line { writeLine(line) }
    }

    private func write(_ priority: Int, _ message: String) {
        let formatted = toJournal ? "<\(priority)>\(message)\n" : "\(program): \(message)\n"
        let lines = repeats.withLock { state -> [String] in
            guard state.last != formatted else {
                state.count += 1
                return []
            }
            defer { state = (formatted, 0) }
            return (state.count > 0 ? [repeatedLine(state.count)] : []) + [formatted]
        }
        for line in lines { writeLine(line) }
    }

    private func repeatedLine(_ count: Int) -> String {
        let text = "The previous message was repeated \(count) more time\(count == 1 ? "" : "s")"
        return toJournal ? "<6>\(text)\n" : "\(program): \(text)\n"
    }

    private func writeLine(_ line: String) {
        FileOutput.write(line, to: STDERR_FILENO)
    }

    /// Whether stderr is the journal stream systemd named in `JOURNAL_STREAM` (`device:inode`), as sd-daemon(3)
    /// says to check: the variable alone may be inherited by a child whose stderr went elsewhere.
    private static func stderrIsJournal() -> Bool {
        guard let stream = ProcessEnvironment.value("JOURNAL_STREAM") else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }
}
