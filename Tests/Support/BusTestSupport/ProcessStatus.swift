import Foundation

/// What the kernel says of a running process in `/proc`: its resident memory and its threads' context switches.
public struct ProcessStatus {
    /// The process ID.
    public let pid: Int32

    /// The status of process `pid`.
    public init(pid: Int32) {
        self.pid = pid
    }

    /// Resident memory now, `VmRSS`, in KiB; `nil` when the process is gone.
    public var residentKiB: Int? {
        Self.field("VmRSS", in: "/proc/\(pid)/status")
    }

    /// Voluntary plus involuntary context switches of each thread so far, by thread ID: each time a thread sleeps
    /// and wakes counts once. `/proc/PID/status` alone counts the main thread only.
    public var contextSwitches: [String: Int] {
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
    public static func wakeups(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { sum, entry in sum + entry.value - (before[entry.key] ?? 0) }
    }

    /// The number in a `Name:   1234 kB` line of a `/proc` status file.
    private static func field(_ name: String, in path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                .flatMap { Int($0) }
        }
        return nil
    }
}
