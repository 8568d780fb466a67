import Foundation
import Glibc

/// What the figures depend on besides the code: the processor, the system and the disk under the datastore.
struct MachineContext {
    /// Processors online.
    let cores: Int
    /// The processor's model name.
    let processor: String
    /// The distribution's pretty name, such as "Debian GNU/Linux 12 (bookworm)".
    let system: String
    /// The kernel release.
    let kernel: String
    /// The load averages over 1, 5 and 15 minutes when the context was read (the run's start): other work on the
    /// machine.
    let load: String
    /// The file system under the datastore's folder, such as "ext4 (/dev/vda on /)".
    let fileSystem: String

    /// Reads the context of this machine.
    ///
    /// - Parameter folder: The folder whose file system holds the datastore.
    init(datastoreFolder folder: String) {
        cores = Self.cores
        processor = Self.field("model name", in: "/proc/cpuinfo", separator: ":") ?? "unknown processor"
        system =
            Self.field("PRETTY_NAME", in: "/etc/os-release", separator: "=")?
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "unknown system"
        var names = utsname()
        uname(&names)
        kernel = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        fileSystem = Self.mount(holding: folder)
        load = Self.loadAverage
    }

    /// Processors online.
    static var cores: Int {
        sysconf(Int32(_SC_NPROCESSORS_ONLN))
    }

    /// The load averages over 1, 5 and 15 minutes, now.
    static var loadAverage: String {
        let averages = ProcessStatus.read("/proc/loadavg")?.split(separator: " ").prefix(3)
        return averages.map { $0.joined(separator: " ") } ?? "unknown"
    }

    private static func field(_ name: String, in path: String, separator: Character) -> String? {
        guard let text = ProcessStatus.read(path) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The type and device of the mount holding `path`: the longest mount point that contains it.
    private static func mount(holding path: String) -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let table = ProcessStatus.read("/proc/self/mounts") else { return "unknown" }
        var best: (point: String, description: String)?
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            // /proc/self/mounts escapes spaces in mount points as \040.
            let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
            let contains = point == "/" || resolved == point || resolved.hasPrefix(point + "/")
            if contains && point.count >= (best?.point.count ?? -1) {
                best = (point, "\(fields[2]) (\(fields[0]) on \(point))")
            }
        }
        return best?.description ?? "unknown"
    }
}
