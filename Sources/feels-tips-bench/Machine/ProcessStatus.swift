import Foundation
import Glibc

/// What the kernel says of a running process in `/proc`: its resident memory and its threads' context switches.
struct ProcessStatus {
    /// The process ID.
    let pid: Int32

    /// Resident memory, `VmRSS`, in kibibytes; `nil` when the process is gone.
    var residentKiB: Int? {
        Self.field("VmRSS", in: "/proc/\(pid)/status")
    }

    /// Voluntary plus involuntary context switches of each thread so far, by thread ID: each time a thread sleeps
    /// and wakes counts once. `/proc/PID/status` alone counts the main thread only.
    var contextSwitches: [String: Int] {
        let folder = "/proc/\(pid)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var switches: [String: Int] = [:]
        for thread in threads {
            let path = "\(folder)/\(thread)/status"
            guard let voluntary = Self.field("voluntary_ctxt_switches", in: path),
                let involuntary = Self.field("nonvoluntary_ctxt_switches", in: path)
            else { continue }
            switches[thread] = voluntary + involuntary
        }
        return switches
    }

    /// The context switches between two readings of ``contextSwitches``: a thread that appeared in between counts
    /// from zero.
    static func wakeups(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { sum, entry in sum + entry.value - (before[entry.key] ?? 0) }
    }

    /// The number in a `Name:   1234 kB` line of a `/proc` status file.
    private static func field(_ name: String, in path: String) -> Int? {
        guard let text = read(path) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                .flatMap { Int($0) }
        }
        return nil
    }

    /// The whole of a `/proc` file, read until the end: its size says 0.
    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
