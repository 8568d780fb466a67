import BusTestSupport
import DBus
import Foundation
import Testing

/// What the user does with a notification reaches the service: a click performs the tip's action, dismissing it
/// closes the tip, expiry and the server closing it change nothing, and the button turns tip notifications off.
@Suite("What the user does", .serialized)
struct OutcomeTests {
    /// A service, a mock server and a notifier that has shown the first tip as notification 1.
    struct Shown {
        let service: RunningService
        let server: MockNotificationServer
        let config: TemporaryFolder
        let notifier: NotifierProcess

        init() throws {
            service = try RunningService()
            server = try MockNotificationServer(address: service.bus.address)
            config = try TemporaryFolder()
            notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
            guard notifier.waitForLog("Showed 'CustomizeLayoutTip'") else {
                throw ChildProcessError.timedOut("the first notification: \(notifier.log)")
            }
        }

        var tip: [String: DBusValue] {
            get throws { try service.tip("CustomizeLayoutTip") }
        }
    }

    @Test func theDefaultActionInvalidatesTheTipWithActionPerformed() throws {
        let shown = try Shown()
        // A click, as servers send it: the action, then the notification closed as dismissed.
        try shown.server.invokeAction("default", on: 1)
        try shown.server.close(1, reason: 2)

        #expect(shown.notifier.waitForLog("Invalidated 'CustomizeLayoutTip' with 'actionPerformed'"))
        #expect(shown.notifier.waitForLog("The notification of 'CustomizeLayoutTip' was dismissed by the user (2)"))
        #expect(try shown.tip["status"] == .string("invalidated"))
        #expect(try shown.tip["invalidation_reason"] == .string("actionPerformed"))
        #expect(shown.notifier.count("Invalidated") == 1, "\(shown.notifier.log)")
    }

    @Test(
        arguments: [
            (1, "expired (1)", nil),
            (2, "dismissed by the user (2)", "tipClosed"),
            (3, "closed by a call (3)", nil),
            (4, "closed for an undefined reason (4)", nil),
        ] as [(UInt32, String, String?)])
    func eachCloseReasonReachesTheServiceAsStated(reason: UInt32, said: String, invalidation: String?) throws {
        let shown = try Shown()
        try shown.server.close(1, reason: reason)

        #expect(shown.notifier.waitForLog("The notification of 'CustomizeLayoutTip' was \(said)"))
        if let invalidation {
            #expect(shown.notifier.waitForLog("Invalidated 'CustomizeLayoutTip' with '\(invalidation)'"))
            #expect(try shown.tip["invalidation_reason"] == .string(invalidation))
        } else {
            // The close is logged once handled, and no call to the service follows it.
            #expect(shown.notifier.count("Invalidated") == 0)
            #expect(try shown.tip["status"] == .string("available"))
        }
        #expect(try shown.tip["display_count"] == .uint32(1))
    }

    @Test func theTurnOffButtonWritesTheOptOutAndLeavesTheTipAlone() throws {
        let shown = try Shown()
        try shown.server.invokeAction("disable", on: 1)
        try shown.server.close(1, reason: 2)

        #expect(shown.notifier.waitForLog("Tip notifications turned off from a notification"))
        #expect(shown.notifier.waitForLog("The notification of 'CustomizeLayoutTip' was dismissed by the user (2)"))
        let settings = try String(contentsOf: shown.notifier.settingsFile, encoding: .utf8)
        #expect(settings.contains("Enabled=false"), "\(settings)")
        #expect(shown.notifier.count("Invalidated") == 0, "\(shown.notifier.log)")
        #expect(try shown.tip["status"] == .string("available"))
    }

    @Test func onDunstTheDefaultActionPerformsTheTipAndTheCloseAfterItChangesNothing() throws {
        let service = try RunningService()
        let dunst = try DunstServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")

        try dunst.invokeDefaultAction()
        #expect(notifier.waitForLog("Invalidated 'CustomizeLayoutTip' with 'actionPerformed'"), "\(notifier.log)")
        try dunst.closeAsUser()
        #expect(notifier.waitForLog("was dismissed by the user (2)"), "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip")["invalidation_reason"] == .string("actionPerformed"))
        #expect(notifier.count("Invalidated") == 1, "\(notifier.log)")
    }

    @Test func onDunstALeftClickDismissesTheNotification() throws {
        let service = try RunningService()
        let dunst = try DunstServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")

        // dunst's left button closes the notification it is on; it invokes no action.
        try dunst.click(button: 1)
        #expect(notifier.waitForLog("was dismissed by the user (2)"), "\(notifier.log)")
        #expect(try dunst.displayedCount() == 0)
        #expect(notifier.count("The user chose") == 0, "\(notifier.log)")
        if NotifierGeneration.issue14 {
            #expect(notifier.count("Invalidated") == 0, "\(notifier.log)")
            #expect(try service.tip("CustomizeLayoutTip")["status"] == .string("available"))
        } else {
            #expect(notifier.waitForLog("Invalidated 'CustomizeLayoutTip' with 'tipClosed'"), "\(notifier.log)")
        }
    }

    @Test func onDunstAMiddleClickInvokesTheDefaultActionAndWithIssue14OpensTheApp() throws {
        let service = try RunningService()
        let app = try StandInFeelsApp(bus: service.bus)
        let dunst = try DunstServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: ["XDG_DATA_DIRS": app.dataDirs])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")

        // dunst's middle button does the default action and closes the notification.
        try dunst.click(button: 2)
        #expect(notifier.waitForLog("The user chose 'default'"), "\(notifier.log)")
        #expect(try eventually { try dunst.displayedCount() == 0 })
        if NotifierGeneration.issue14 {
            #expect(try eventually { try app.activations().count == 1 })
            #expect(try app.activations().map(\.parameter) == ["CustomizeLayoutTip"])
            #expect(try service.tip("CustomizeLayoutTip")["status"] == .string("available"))
        } else {
            #expect(notifier.waitForLog("Invalidated 'CustomizeLayoutTip' with 'actionPerformed'"), "\(notifier.log)")
            #expect(try app.activations().isEmpty)
        }
    }
}
