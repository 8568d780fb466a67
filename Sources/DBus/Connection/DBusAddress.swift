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

    /// The `path=` of every `unix:` entry of an address list (`unix:path=/a,guid=…;tcp:…`), unescaped, as libdbus
    /// parses it; none for an address libdbus cannot parse.
    private static func socketPaths(in address: String) -> [String] {
        var entries: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        guard !address.containsNUL, dbus_parse_address(address, &entries, &count, nil) != 0, let entries else {
            return []
        }
        defer { dbus_address_entries_free(entries) }
        return (0..<Int(count)).compactMap { index in
            guard let entry = entries[index], String(cString: dbus_address_entry_get_method(entry)) == "unix" else {
                return nil
            }
            return dbus_address_entry_get_value(entry, "path").map { String(cString: $0) }
        }
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
