import BusTestSupport
import DBus
import Foundation
import Testing

/// The bus starts `feels-tipsd` on the first call, from the activation file `make install` generates from
/// `dbus/org.feels.Tips.service.in`.
@Suite("Activation by the bus")
struct ActivationTests {
    static let template = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("dbus/org.feels.Tips.service.in")

    @Test func theFirstCallStartsTheServiceWithItsDatastoreUnderXDGDataHome() throws {
        let folder = try TemporaryFolder()
        let services = folder.url.appendingPathComponent("services")
        let dataHome = folder.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        let bindir = URL(fileURLWithPath: try builtProduct("feels-tipsd")).deletingLastPathComponent().path
        try String(contentsOf: Self.template, encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: bindir)
            .write(to: services.appendingPathComponent("org.feels.Tips.service"), atomically: true, encoding: .utf8)
        let bus = try TestBus(serviceDirectories: [services], environment: ["XDG_DATA_HOME": dataHome.path])
        let client = try DBusConnection(address: bus.address)
        defer {
            Self.stopActivatedService(on: client)
            client.close()
            bus.stop()
        }
        #expect(try !Self.hasOwner(RunningService.name, on: client))

        let reply = try client.call(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
            member: "LogMood", arguments: [.string("great")], timeout: .seconds(20))

        #expect(reply == [.uint32(1)])
        let datastore = dataHome.appendingPathComponent("feels/tips.sqlite").path
        #expect(try Self.permissions(of: datastore) == 0o600)
        #expect(try Self.permissions(of: dataHome.appendingPathComponent("feels").path) == 0o700)
        let pid = try #require(try Self.ownerPID(of: RunningService.name, on: client))
        let second = try client.call(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
            member: "LogMood", arguments: [.string("good")], timeout: .seconds(10))
        #expect(second == [.uint32(2)])
        #expect(try Self.ownerPID(of: RunningService.name, on: client) == pid)
        #expect(bus.log.contains { $0.contains("feels-tipsd: Serving") && $0.contains("'\(datastore)'") }, "\(bus.log)")
    }

    // MARK: - Helpers

    static func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    static func hasOwner(_ name: BusName, on client: DBusConnection) throws(DBusError) -> Bool {
        let reply = try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameHasOwner", arguments: [.string(name.rawValue)], timeout: .seconds(5))
        return reply.first?.boolValue ?? false
    }

    static func ownerPID(of name: BusName, on client: DBusConnection) throws(DBusError) -> Int32? {
        let reply = try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", arguments: [.string(name.rawValue)], timeout: .seconds(5))
        return reply.first?.uint32Value.map { Int32(bitPattern: $0) }
    }

    /// Stops the service the bus started, if it owns its name: SIGTERM, then SIGKILL after 5 seconds. The bus
    /// daemon, its parent, reaps it.
    static func stopActivatedService(on client: DBusConnection) {
        guard let pid = try? ownerPID(of: RunningService.name, on: client) else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while isAlive(pid) && Date() < deadline {
            usleep(10_000)
        }
        if isAlive(pid) {
            kill(pid, SIGKILL)
        }
        #expect(!isAlive(pid), "the activated feels-tipsd (\(pid)) did not stop")
    }

    /// Whether `pid` runs: it exists and is not a zombie waiting for its parent.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }
}
