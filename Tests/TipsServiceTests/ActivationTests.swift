import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The bus starts `feels-tipsd` on the first call, from the activation file `make install` generates from
/// `dbus/org.feels.Tips.service.in`.
@Suite("Activation by the bus")
struct ActivationTests {
    @Test func theFirstCallStartsTheServiceWithItsDatastoreUnderXDGDataHome() throws {
        let activating = try ActivatingBus()
        let tips = Tips1Client(connection: activating.client, timeout: .seconds(20))
        #expect(try !activating.hasOwner(Tips1.busName))

        #expect(try tips.logMood(mood: "great") == 1)

        let datastore = activating.datastore
        #expect(try Self.permissions(of: datastore) == 0o600)
        #expect(try Self.permissions(of: activating.dataHome.appendingPathComponent("feels").path) == 0o700)
        let pid = try #require(try activating.ownerPID(of: Tips1.busName))
        #expect(try tips.logMood(mood: "good") == 2)
        #expect(try activating.ownerPID(of: Tips1.busName) == pid)
        #expect(
            activating.bus.log.contains { $0.contains("feels-tipsd: Serving") && $0.contains("'\(datastore)'") },
            "\(activating.bus.log)")
        // The activation file starts the service as apps find it: without the testing switches.
        let testing = Tips1TestingClient(
            connection: activating.client, destination: Tips1.busName, path: Tips1.objectPath, timeout: .seconds(10))
        do throws(DBusError) {
            try testing.showAllTips()
            Issue.record("the activated service serves the testing switches")
        } catch {
            guard case .remote(let name, _) = error else { throw error }
            #expect(name == "org.freedesktop.DBus.Error.UnknownInterface")
        }
    }

    // MARK: - Helpers

    static func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }
}
