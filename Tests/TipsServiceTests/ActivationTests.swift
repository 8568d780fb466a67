import BusTestSupport
import DBus
import Foundation
import Testing

/// The bus starts `feels-tipsd` on the first call, from the activation file `make install` generates from
/// `dbus/org.feels.Tips.service.in`.
@Suite("Activation by the bus")
struct ActivationTests {
    @Test func theFirstCallStartsTheServiceWithItsDatastoreUnderXDGDataHome() throws {
        let activating = try ActivatingBus()
        let client = activating.client
        #expect(try !activating.hasOwner(RunningService.name))

        let reply = try client.call(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
            member: "LogMood", arguments: [.string("great")], timeout: .seconds(20))

        #expect(reply == [.uint32(1)])
        let datastore = activating.datastore
        #expect(try Self.permissions(of: datastore) == 0o600)
        #expect(try Self.permissions(of: activating.dataHome.appendingPathComponent("feels").path) == 0o700)
        let pid = try #require(try activating.ownerPID(of: RunningService.name))
        let second = try client.call(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
            member: "LogMood", arguments: [.string("good")], timeout: .seconds(10))
        #expect(second == [.uint32(2)])
        #expect(try activating.ownerPID(of: RunningService.name) == pid)
        #expect(
            activating.bus.log.contains { $0.contains("feels-tipsd: Serving") && $0.contains("'\(datastore)'") },
            "\(activating.bus.log)")
    }

    // MARK: - Helpers

    static func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }
}
