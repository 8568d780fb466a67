import Foundation
import Glibc

/// What the figures depend on besides the code: the processor, the kernel and the load.
enum MachineContext {
    /// Processors online.
    static var cores: Int {
        sysconf(Int32(_SC_NPROCESSORS_ONLN))
    }

    /// The processor's model name.
    static var processor: String {
        let lines = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n") ?? []
        let model = lines.first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last
        return model.map { $0.trimmingPrefix(" ") }.map(String.init) ?? "unknown processor"
    }

    /// The kernel release.
    static var kernel: String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The load averages over 1, 5 and 15 minutes, now.
    static var load: String {
        let averages = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
        return averages.map { $0.joined(separator: " ") } ?? "unknown"
    }
}
