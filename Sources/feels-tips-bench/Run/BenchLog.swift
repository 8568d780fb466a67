import Foundation

/// One line per event on stderr, so that stdout carries only the report.
enum BenchLog {
    /// Writes `message` as one line.
    static func write(_ message: String) {
        FileHandle.standardError.write(Data("feels-tips-bench: \(message)\n".utf8))
    }

    /// A command line that cannot run: the problem, then where to read how.
    static func usage(_ error: BenchUsageError) {
        write("\(error)\nTry 'feels-tips-bench --help' for more information.")
    }
}
