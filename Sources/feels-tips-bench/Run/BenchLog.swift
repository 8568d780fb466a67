import Foundation

/// One line per event on stderr, so that stdout carries only the table.
enum BenchLog {
    /// Writes `message` as one line.
    static func write(_ message: String) {
        FileHandle.standardError.write(Data("feels-tips-bench: \(message)\n".utf8))
    }
}
