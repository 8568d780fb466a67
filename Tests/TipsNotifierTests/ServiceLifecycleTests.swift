import BusTestSupport
import DBus
import Foundation
import Testing

/// The notifier follows `org.feels.Tips` through `NameOwnerChanged`: a service started after it, or started by the
/// bus for its first call, works the same as one that was there first.
@Suite("Finding the service", .serialized)
struct ServiceLifecycleTests {
    static let template = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("dbus/org.feels.Tips.service.in")

    @Test func aServiceStartedAfterTheNotifierWorksTheSame() throws {
        let service = try RunningService()
        service.stop()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: org.feels.Tips is not available"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)

        try service.start()
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(try service.tip("CustomizeLayoutTip")["display_count"] == .uint32(1))
    }

    @Test func aServiceTheBusActivatesForTheNotifierWorksTheSame() throws {
        let folder = try TemporaryFolder()
        let services = folder.url.appendingPathComponent("services")
        let dataHome = folder.url.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let bindir = URL(fileURLWithPath: try builtProduct("feels-tipsd")).deletingLastPathComponent().path
        try String(contentsOf: Self.template, encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: bindir)
            .write(to: services.appendingPathComponent("org.feels.Tips.service"), atomically: true, encoding: .utf8)
        let bus = try TestBus(serviceDirectories: [services], environment: ["XDG_DATA_HOME": dataHome.path])
        let client = try DBusConnection(address: bus.address)
        defer {
            Self.stopActivatedService(on: client)
            client.close()
        }
        let server = try MockNotificationServer(address: bus.address)
        #expect(try !hasOwner("org.feels.Tips", on: client))

        let notifier = try NotifierProcess(address: bus.address, configHome: folder.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try hasOwner("org.feels.Tips", on: client))
        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(bus.log.contains { $0.contains("feels-tipsd: Serving") }, "\(bus.log)")
        #expect(FileManager.default.fileExists(atPath: dataHome.appendingPathComponent("feels/tips.sqlite").path))
    }

    /// Stops the service the bus started: SIGTERM, then SIGKILL after 5 seconds; the bus daemon, its parent,
    /// reaps it.
    static func stopActivatedService(on client: DBusConnection) {
        guard
            let reply = try? client.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID",
                arguments: [.string("org.feels.Tips")], timeout: .seconds(5)),
            let pid = reply.first?.uint32Value.map({ Int32(bitPattern: $0) })
        else { return }
        kill(pid, SIGTERM)
        if !eventually(timeout: .seconds(5), { !isAlive(pid) }) {
            kill(pid, SIGKILL)
        }
        #expect(eventually(timeout: .seconds(5)) { !isAlive(pid) }, "the activated feels-tipsd (\(pid)) did not stop")
    }

    /// Whether `pid` runs: it exists and is not a zombie waiting for its parent.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }
}
