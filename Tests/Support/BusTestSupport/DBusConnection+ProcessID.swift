import DBus

extension DBusConnection {
    /// The process ID of the connection that owns `name` on this connection's bus, as the bus's
    /// `GetConnectionUnixProcessID` says.
    public func processID(ofOwner name: String) throws(DBusError) -> Int32? {
        let reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", arguments: [.string(name)], timeout: .seconds(5))
        return reply.first?.uint32Value.map { Int32(bitPattern: $0) }
    }
}
