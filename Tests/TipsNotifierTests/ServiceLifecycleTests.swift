import BusTestSupport
import DBus
import Foundation
import Testing

/// The notifier follows `org.feels.Tips` through `NameOwnerChanged`: a service started after it, or started by the
/// bus for its first call, works the same as one that was there first.
@Suite("Finding the service", .serialized)
struct ServiceLifecycleTests {
    @Test func aServiceStartedAfterTheNotifierWorksTheSame() throws {
        let service = try RunningService.usedToday()
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
        let activating = try ActivatingBus()
        // The user logged a mood (which started the service), and the service has stopped since.
        try activating.client.call(
            destination: "org.feels.Tips", path: "/org/feels/Tips", interface: "org.feels.Tips1", member: "LogMood",
            arguments: [.string("great")], timeout: .seconds(20))
        activating.stopService()
        let server = try MockNotificationServer(address: activating.bus.address)
        #expect(try !activating.hasOwner("org.feels.Tips"))

        let notifier = try NotifierProcess(address: activating.bus.address, configHome: activating.folder.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try activating.hasOwner("org.feels.Tips"))
        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(activating.bus.log.contains { $0.contains("feels-tipsd: Serving") }, "\(activating.bus.log)")
        #expect(FileManager.default.fileExists(atPath: activating.datastore))
    }
}
