import CDBus
import Glibc

/// What a D-Bus address names, as far as a client can tell without connecting.
public enum DBusAddress {
    /// The session bus's address as libdbus, GDBus and sd-bus find it in `environment`: `DBUS_SESSION_BUS_ADDRESS`,
    /// else the user's bus socket, `$XDG_RUNTIME_DIR/bus`, when it is there; `nil` when neither names a bus.
    ///
    /// For a program that reads its environment through a context of its own; ``DBusConnection/session()`` leaves
    /// the same search to libdbus.
    public static func session(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            return address
        }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        let socket = runtime + "/bus"
        // What libdbus accepts there: a socket of the user's own.
        var status = stat()
        guard stat(socket, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK, status.st_uid == getuid(),
            let escaped = dbus_address_escape_value(socket)
        else { return nil }
        defer { dbus_free(escaped) }
        return "unix:path=" + String(cString: escaped)
    }

    /// Whether `address` names the system bus: the socket `DBUS_SYSTEM_BUS_ADDRESS` names, or the well-known
    /// `/run/dbus/system_bus_socket` (`/var/run/…` is the same file).
    ///
    /// A per-user service must not own names there: its state would be shared by every user of the machine.
    public static func isSystemBus(_ address: String) -> Bool {
        let system = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        let systemSockets = ([system].compactMap { $0 }.flatMap(socketPaths) + ["/run/dbus/system_bus_socket"])
            .map(resolved)
        return socketPaths(in: address).map(resolved).contains { systemSockets.contains($0) }
    }

    /// The `path=` of every `unix:` entry of an address list (`unix:path=/a,guid=…;tcp:…`).
    private static func socketPaths(in address: String) -> [String] {
        address.split(separator: ";").compactMap { entry -> String? in
            guard entry.hasPrefix("unix:") else { return nil }
            let keys = entry.dropFirst("unix:".count).split(separator: ",")
            return keys.first { $0.hasPrefix("path=") }.map { unescaped(String($0.dropFirst("path=".count))) }
        }
    }

    /// A value with its `%XX` escapes decoded, as the D-Bus specification writes bytes outside the optionally
    /// escaped set.
    static func unescaped(_ value: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(value.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let decoded = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(decoded)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path with symbolic links resolved in its folder (`/var/run` is `/run`), whether or not the socket exists.
    private static func resolved(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        guard let real = realpath(folder, nil) else { return path }
        defer { free(real) }
        let base = String(cString: real)
        return (base == "/" ? "" : base) + String(path[slash...])
    }
}
