import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

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
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 1)
    }

    // Found by the move onto the generated contract: the generated rule for TipChanged named the signal as its
    // interface, the bus refused the match rule, and the notifier never heard of an invalidation or a reset.
    @Test func theNotifierHearsTipChangedFromTheServicesOwnerAtItsObject() throws {
        let rule = Tips1.Signal.tipChanged.rule
        #expect(rule.interface == Tips1.name.rawValue)
        #expect(rule.member == Tips1.Signal.tipChanged.name.rawValue)
        #expect(rule.sender == Tips1.busName.rawValue && rule.path == Tips1.objectPath.rawValue)

        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        #expect(notifier.count("refused the match rule") == 0, "\(notifier.log)")
        try service.tips.invalidateTip(id: "CustomizeLayoutTip", reason: "tip-closed")
        #expect(notifier.waitForLog("Withdrew the notification of 'CustomizeLayoutTip': it was invalidated"))
        #expect(try eventually { try server.closeCalls() == [1] })
    }

    @Test func aServiceTheBusActivatesForTheNotifierWorksTheSame() throws {
        let activating = try ActivatingBus()
        // The user logged a mood (which started the service), and the service has stopped since.
        try Tips1Client(connection: activating.client, timeout: .seconds(20)).logMood(mood: "great")
        activating.stopService()
        let server = try MockNotificationServer(address: activating.bus.address)
        #expect(try !activating.hasOwner(Tips1.busName))

        let notifier = try NotifierProcess(address: activating.bus.address, configHome: activating.folder.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try activating.hasOwner(Tips1.busName))
        #expect(try server.notifyCalls().map(\.summary) == ["Personalize Your Experience"])
        #expect(activating.bus.log.contains { $0.contains("feels-tipsd: Serving") }, "\(activating.bus.log)")
        #expect(FileManager.default.fileExists(atPath: activating.datastore))
    }
}
