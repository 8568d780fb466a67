import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// What the user does with a notification: a click hands the tip to the Feels app (started by the bus) at the tip's
/// place and records nothing itself; dismissal and expiry record nothing; the button turns tip notifications off.
/// The tip itself lives in the app, which records what the user did there.
@Suite("What the user does", .serialized)
struct OutcomeTests {
    /// A used service, a mock server with actions, the stand-in app installed (not running) and a notifier that has
    /// shown the first tip as notification 1.
    struct Shown {
        let service: RunningService
        let server: MockNotificationServer
        let app: StandInApp?
        let config: TemporaryFolder
        let notifier: NotifierProcess

        init(withApp: Bool = true) throws {
            service = try RunningService.usedToday()
            server = try MockNotificationServer(address: service.bus.address)
            app =
                withApp
                ? try StandInApp(address: service.bus.address, serviceDirectory: service.bus.serviceDirectory) : nil
            config = try TemporaryFolder()
            notifier = try NotifierProcess(
                address: service.bus.address, configHome: config.url,
                environment: ["XDG_DATA_DIRS": app?.dataFolder.path ?? "/nonexistent/feels-tests/share"])
            guard notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1") else {
                throw ChildProcessError.timedOut("the first notification: \(notifier.log)")
            }
        }

        var tip: Tips1.Tip {
            get throws { try service.tip("CustomizeLayoutTip") }
        }
    }

    @Test func withTheAppInstalledTheNotificationOffersAClickThatLeadsIntoTheApp() throws {
        let shown = try Shown()
        let call = try #require(try shown.server.notifyCalls().first)
        #expect(call.actions == ["default", "Show in Feels", "disable", "Turn off tips"])
        #expect(call.hints["desktop-entry"] == .string("org.feels.Feels"))
    }

    @Test func aClickStartsTheAppAtTheTipClosesTheNotificationAndLeavesTheTipAvailable() throws {
        let shown = try Shown()
        let app = try #require(shown.app)
        #expect(!app.isRunning)
        try shown.server.emitActivationToken("token-7", on: 1)
        try shown.server.invokeAction("default", on: 1)

        #expect(shown.notifier.waitForLog("The notification of 'CustomizeLayoutTip' was clicked: opening Feels"))
        #expect(try eventually { try app.activateActionCalls().count == 1 }, "\(shown.notifier.log)")
        let call = try #require(try app.activateActionCalls().first)
        #expect(call.action == "show-tip")
        #expect(call.parameter == [.string("CustomizeLayoutTip")])
        #expect(call.platformData["activation-token"] == .string("token-7"))
        #expect(call.platformData["desktop-startup-id"] == .string("token-7"))
        #expect(try eventually { try shown.server.closeCalls() == [1] }, "the notifier closes it: mako would not")
        // The click is no invalidation: the tip is the app's to show, and no longer held.
        let tip = try shown.tip
        #expect(tip.status == "available")
        #expect(tip.invalidationReason == "")
        #expect(tip.heldBackBy == "")
        #expect(try shown.service.tips.presentTip(id: "CustomizeLayoutTip").shown)
    }

    @Test func withoutTheAppThereIsNoDefaultActionAndAClickAServerSendsAnywayDoesNothing() throws {
        let shown = try Shown(withApp: false)
        let call = try #require(try shown.server.notifyCalls().first)
        #expect(call.actions == ["disable", "Turn off tips"])
        // libnotify hands on only the actions offered: the click goes no further. The server's close, sent after it,
        // says when both have arrived.
        try shown.server.invokeAction("default", on: 1)
        try shown.server.close(1, reason: 2)
        #expect(shown.notifier.waitForLog("was dismissed by the user (2)"), "\(shown.notifier.log)")
        #expect(shown.notifier.count("was clicked") == 0, "\(shown.notifier.log)")
        #expect(try shown.tip.status == "available")
        #expect(try shown.server.closeCalls().isEmpty)
    }

    @Test(
        arguments: [
            (UInt32(1), "expired (1)"), (2, "dismissed by the user (2)"), (3, "closed by a call (3)"),
            (4, "closed for an undefined reason (4)"),
        ])
    func aClosedNotificationRecordsNothingWhateverTheReason(reason: UInt32, said: String) throws {
        let shown = try Shown()
        try shown.server.close(1, reason: reason)

        #expect(shown.notifier.waitForLog("The notification of 'CustomizeLayoutTip' was \(said); nothing is recorded"))
        #expect(try eventually { try shown.tip.heldBackBy == "" })
        let tip = try shown.tip
        #expect(tip.status == "available")
        #expect(tip.displayCount == 1)
        #expect(tip.notifiedAt != 0, "it is still notified at most once")
        #expect(try shown.app?.activateActionCalls().isEmpty == true)
    }

    @Test func theTurnOffButtonWritesTheOptOutAndLeavesTheTipAlone() throws {
        let shown = try Shown()
        try shown.server.invokeAction("disable", on: 1)
        try shown.server.close(1, reason: 2)

        #expect(shown.notifier.waitForLog("Tip notifications turned off from a notification"))
        #expect(shown.notifier.waitForLog("The notification of 'CustomizeLayoutTip' was dismissed by the user (2)"))
        let settings = try String(contentsOf: shown.notifier.settingsFile, encoding: .utf8)
        #expect(settings.contains("Enabled=false"), "\(settings)")
        #expect(try shown.tip.status == "available")
        #expect(try shown.app?.activateActionCalls().isEmpty == true)
    }

    @Test func onDunstAClickOpensTheAppAtTheTip() throws {
        let service = try RunningService.usedToday()
        let dunst = try DunstServer(address: service.bus.address)
        let app = try StandInApp(address: service.bus.address, serviceDirectory: service.bus.serviceDirectory)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: ["XDG_DATA_DIRS": app.dataFolder.path])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")

        try dunst.invokeDefaultAction()
        #expect(try eventually { try app.activateActionCalls().map(\.parameter) == [[.string("CustomizeLayoutTip")]] })
        #expect(try eventually { try dunst.displayedCount() == 0 }, "the notification is closed")
        #expect(try service.tip("CustomizeLayoutTip").invalidationReason == "")
    }

    @Test func onDunstALeftClickDismissesTheNotificationAndRecordsNothing() throws {
        let service = try RunningService.usedToday()
        let dunst = try DunstServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")

        // dunst's left button closes the notification it is on; it invokes no action.
        try dunst.click(button: 1)
        #expect(notifier.waitForLog("was dismissed by the user (2); nothing is recorded"), "\(notifier.log)")
        #expect(try dunst.displayedCount() == 0)
        #expect(notifier.count("was clicked") == 0, "\(notifier.log)")
        #expect(try service.tip("CustomizeLayoutTip").status == "available")
    }

    @Test func onDunstAMiddleClickInvokesTheDefaultActionAndOpensTheApp() throws {
        let service = try RunningService.usedToday()
        let app = try StandInFeelsApp(bus: service.bus)
        let dunst = try DunstServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: ["XDG_DATA_DIRS": app.dataDirs])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")

        // dunst's middle button does the default action and closes the notification.
        try dunst.click(button: 2)
        #expect(notifier.waitForLog("was clicked: opening Feels at the tip"), "\(notifier.log)")
        #expect(try eventually { try dunst.displayedCount() == 0 })
        #expect(try eventually { try app.activations().count == 1 })
        #expect(try app.activations().map(\.parameter) == ["CustomizeLayoutTip"])
        #expect(try service.tip("CustomizeLayoutTip").status == "available")
    }
}
