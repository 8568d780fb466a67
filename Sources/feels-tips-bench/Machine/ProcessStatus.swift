import Foundation
import Glibc

/// What the kernel says about a running process: its memory and how often its threads were switched out.
struct ProcessStatus {
    /// The process ID.
    let pid: Int32

    /// Resident memory, `VmRSS`, in kibibytes; `nil` when the process is gone.
    var residentKiB: Int? {
        field("VmRSS", in: "/proc/\(pid)/status")
    }

    /// The most resident memory so far, `VmHWM`, in kibibytes.
    var peakResidentKiB: Int? {
        field("VmHWM", in: "/proc/\(pid)/status")
    }

    /// Resident anonymous memory, `RssAnon` (heap, stacks, written data), in kibibytes.
    var anonymousKiB: Int? {
        field("RssAnon", in: "/proc/\(pid)/status")
    }

    /// Resident memory with each shared page divided among the processes mapping it, `Pss`, in kibibytes.
    var proportionalKiB: Int? {
        field("Pss", in: "/proc/\(pid)/smaps_rollup")
    }

    /// Resident memory by what is mapped (a file, `[heap]`, `[stack]`, or empty for anonymous), largest first.
    var residentByMapping: [(name: String, kibibytes: Int)] {
        guard let text = Self.read("/proc/\(pid)/smaps") else { return [] }
        var sizes: [String: Int] = [:]
        var name = ""
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = words.first, first.contains("-"), !first.hasSuffix(":") {
                name = words.count >= 6 ? words[5...].joined(separator: " ") : ""
            } else if words.first == "Rss:", words.count >= 2, let size = Int(words[1]) {
                sizes[name, default: 0] += size
            }
        }
        return sizes.map { (name: $0.key, kibibytes: $0.value) }.sorted { $0.kibibytes > $1.kibibytes }
    }

    /// The time the process's threads have spent so far on a processor and waiting in a run queue for one, in
    /// seconds, summed over its threads (from `/proc/PID/task/TID/schedstat`, in nanoseconds).
    var schedulerSeconds: (running: Double, waiting: Double) {
        threadSchedulerSeconds.values.reduce((running: 0.0, waiting: 0.0)) {
            (running: $0.running + $1.running, waiting: $0.waiting + $1.waiting)
        }
    }

    /// The same for each of its threads now, by thread ID: a thread that has ended is no longer among them.
    var threadSchedulerSeconds: [Int32: (running: Double, waiting: Double)] {
        let taskFolder = "/proc/\(pid)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: taskFolder) else { return [:] }
        var times: [Int32: (running: Double, waiting: Double)] = [:]
        for thread in threads {
            let fields = Self.read("\(taskFolder)/\(thread)/schedstat")?.split(separator: " ") ?? []
            guard let id = Int32(thread), fields.count >= 2, let running = Double(fields[0]),
                let waiting = Double(fields[1])
            else { continue }
            times[id] = (running / 1e9, waiting / 1e9)
        }
        return times
    }

    /// Each thread's scheduler state (`R` running or runnable, `S` asleep, `D` waiting on the disk) and, when it
    /// sleeps, the kernel function it waits in (`wchan`).
    var threadStates: [(state: Character, waitsIn: String)] {
        let taskFolder = "/proc/\(pid)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: taskFolder) else { return [] }
        return threads.compactMap { thread in
            guard let text = Self.read("\(taskFolder)/\(thread)/stat"), let close = text.lastIndex(of: ")"),
                let state = text[text.index(after: close)...].split(separator: " ").first?.first
            else { return nil }
            let waitsIn = state == "R" ? "" : Self.read("\(taskFolder)/\(thread)/wchan") ?? ""
            return (state, waitsIn)
        }
    }

    /// Each thread's voluntary plus involuntary context switches so far, by thread ID.
    ///
    /// Every time a thread sleeps and wakes again counts once as a voluntary switch; a switch forced on a running
    /// thread counts as involuntary. A thread that exits takes its counts with it.
    var contextSwitches: [Int32: Int] {
        let taskFolder = "/proc/\(pid)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: taskFolder) else { return [:] }
        var switches: [Int32: Int] = [:]
        for thread in threads {
            guard let id = Int32(thread) else { continue }
            let path = "\(taskFolder)/\(thread)/status"
            guard let voluntary = field("voluntary_ctxt_switches", in: path),
                let involuntary = field("nonvoluntary_ctxt_switches", in: path)
            else { continue }
            switches[id] = voluntary + involuntary
        }
        return switches
    }

    /// The context switches between two readings of ``contextSwitches``: a thread that appeared in between counts
    /// from zero, one that exited is missing from the second reading and counts what it had at the first.
    static func wakeups(from before: [Int32: Int], to after: [Int32: Int]) -> Int {
        after.reduce(0) { sum, entry in sum + entry.value - (before[entry.key] ?? 0) }
    }

    /// The number in a `Name:   1234 kB` line of a `/proc` status file.
    private func field(_ name: String, in path: String) -> Int? {
        guard let text = Self.read(path) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let words = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.first.flatMap { Int($0) }
        }
        return nil
    }

    /// The whole of a `/proc` file, read until the end: its size says 0, which some readers take at its word.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
