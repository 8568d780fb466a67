import DBus
import Foundation

/// A private bus that starts `feels-tipsd` on the first call to `org.feels.Tips`, from the activation file
/// `make install` writes from `dbus/org.feels.Tips.service.in`, with its datastore under a data folder of its own.
///
/// Releasing it stops the service the bus started (SIGTERM, then SIGKILL after 5 seconds; the bus daemon, its
/// parent, reaps it), then the bus.
public final class ActivatingBus {
    /// The bus.
    public let bus: TestBus
    /// A client of the bus.
    public let client: DBusConnection
    /// The folder holding the activation file and the data folder.
    public let folder: TemporaryFolder
    /// `XDG_DATA_HOME` of the service the bus starts.
    public let dataHome: URL

    /// The activation file's template in the repository.
    public static let template = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("dbus/org.feels.Tips.service.in")

    /// Writes the activation file for the built `feels-tipsd` and starts the bus.
    public init() throws {
        folder = try TemporaryFolder()
        let services = folder.url.appendingPathComponent("services")
        dataHome = folder.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        let bindir = URL(fileURLWithPath: try builtProduct("feels-tipsd")).deletingLastPathComponent().path
        try String(contentsOf: Self.template, encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: bindir)
            .write(to: services.appendingPathComponent("org.feels.Tips.service"), atomically: true, encoding: .utf8)
        bus = try TestBus(serviceDirectories: [services], environment: ["XDG_DATA_HOME": dataHome.path])
        client = try DBusConnection(address: bus.address)
    }

    deinit {
        stopService()
        client.close()
        bus.stop()
    }

    /// The path of the datastore the started service keeps.
    public var datastore: String { dataHome.appendingPathComponent("feels/tips.sqlite").path }

    /// Whether `name` has an owner on the bus.
    public func hasOwner(_ name: BusName) throws(DBusError) -> Bool {
        let reply = try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameHasOwner", arguments: [.string(name.rawValue)], timeout: .seconds(5))
        return reply.first?.boolValue ?? false
    }

    /// The process ID of the connection that owns `name`.
    public func ownerPID(of name: BusName) throws(DBusError) -> Int32? {
        try client.processID(ofOwner: name.rawValue)
    }

    /// Stops the service the bus started, if it runs.
    public func stopService() {
        guard let pid = try? ownerPID(of: RunningService.name) else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while Self.isAlive(pid) && ContinuousClock.now < deadline {
            usleep(10_000)
        }
        if Self.isAlive(pid) {
            kill(pid, SIGKILL)
        }
    }

    /// Whether `pid` runs: it exists and is not a zombie waiting for its parent.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }
}
