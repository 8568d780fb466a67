/// Another process of this user, as `/proc` shows it: its program's name and the session bus it was started for, so
/// a message can say who holds something.
public struct PeerProcess: Equatable, Sendable, CustomStringConvertible {
    /// The process ID.
    public let pid: Int32
    /// Its program's name (`/proc/PID/comm`), if it could be read.
    public let program: String?
    /// The bus it uses: its `--address` argument, else its `DBUS_SESSION_BUS_ADDRESS`, if they could be read (only a
    /// process of the same user shows its environment).
    public let bus: String?

    /// Reads what `/proc` shows of `pid`; what cannot be read stays `nil`.
    public init(pid: Int32) {
        self.pid = pid
        program = Self.read("/proc/\(pid)/comm").map { String(decoding: $0, as: UTF8.self) }
            .map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
        let arguments = Self.read("/proc/\(pid)/cmdline").map(Self.strings) ?? []
        var bus: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--address", index + 1 < arguments.count {
                bus = arguments[index + 1]
            } else if argument.hasPrefix("--address=") {
                bus = String(argument.dropFirst("--address=".count))
            }
        }
        if bus == nil {
            let variable = "DBUS_SESSION_BUS_ADDRESS="
            bus = (Self.read("/proc/\(pid)/environ").map(Self.strings) ?? []).last { $0.hasPrefix(variable) }
                .map { String($0.dropFirst(variable.count)) }
        }
        self.bus = bus.map { String($0.unicodeScalars.prefix(256)) }
    }

    /// `feels-tipsd (pid 1234) on the bus 'unix:path=/run/user/1000/bus'`; what is unknown is left out.
    public var description: String {
        "\(program ?? "another process") (pid \(pid))" + (bus.map { " on the bus '\($0)'" } ?? "")
    }

    private static func strings(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A file of `/proc`, up to 256 KiB: an environment is a few kilobytes, and one larger than any a process is
    /// started with is not read.
    private static func read(_ path: String) -> [UInt8]? {
        guard let bytes = (try? RegularFile.read(path, limit: 256 * 1_024)) ?? nil, !bytes.isEmpty else { return nil }
        return bytes
    }
}
