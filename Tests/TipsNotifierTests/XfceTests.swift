import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The tip on xfce4-notifyd, as a user meets it: a window read back from the screen, clicked with the mouse, and
/// Xfce's do-not-disturb switched through xfconf.
@Suite("On xfce4-notifyd", .serialized)
struct XfceTests {
    static let firstTip = "CustomizeLayoutTip"
    static let firstTitle = "Personalize Your Experience"

    /// A service with a first day of use behind it, xfce4-notifyd, and a notifier that has shown the first tip as a
    /// window on screen.
    struct Shown {
        let service: RunningService
        let xfce: XfceNotifyServer
        let app: StandInFeelsApp?
        let config: TemporaryFolder
        let notifier: NotifierProcess
        let window: XfceNotifyServer.Window

        /// - Parameter withApp: Whether the stand-in Feels app is installed for the notifier.
        init(withApp: Bool = false) throws {
            service = try RunningService()
            try XfceTests.makeUser(of: service)
            xfce = try XfceNotifyServer(address: service.bus.address)
            app = withApp ? try StandInFeelsApp(bus: service.bus) : nil
            config = try TemporaryFolder()
            notifier = try NotifierProcess(
                address: service.bus.address, configHome: config.url,
                environment: app.map { ["XDG_DATA_DIRS": $0.dataDirs] } ?? [:])
            guard notifier.waitForLog("Showed '\(XfceTests.firstTip)'") else {
                throw ChildProcessError.timedOut("the first notification: \(notifier.log)")
            }
            guard let window = try xfce.waitForWindows(1).first else {
                throw ChildProcessError.timedOut("xfce4-notifyd's window: \(try xfce.logged())")
            }
            self.window = window
        }

        var tip: Tips1.Tip {
            get throws { try service.tip(XfceTests.firstTip) }
        }

        /// The label xfce4-notifyd gave the button of `action`, from the actions it logged.
        func label(ofAction action: String) throws -> String {
            let entry = try #require(try xfce.logged().last)
            let index = try #require(
                entry.first { $0.key.hasPrefix("action-id-") && $0.value == action }?.key.dropFirst("action-id-".count),
                "no action '\(action)' in \(entry)")
            return try #require(entry["action-label-\(index)"])
        }
    }

    /// What the notifier waits for before it advertises anything: a mood, on the first day of use.
    static func makeUser(of service: RunningService) throws {
        try service.tips.logMood(mood: "great")
        try service.tips.updateDaysUsingApp(days: 1)
    }

    @Test func theTipIsAWindowWithItsTitleMessageAndButtonsForItsActions() throws {
        let shown = try Shown()
        #expect(shown.window.summary == Self.firstTitle)
        let entries = try shown.xfce.logged()
        try #require(entries.count == 1, "\(entries)")
        let entry = entries[0]
        // xfce4-notifyd files the notification under the desktop entry the notifier names.
        #expect(entry["app_name"] == Tips1.busName.rawValue, "\(entry)")
        #expect(entry["summary"] == Self.firstTitle)
        #expect(shown.window.body == entry["body"], "the screen shows another message than xfce4-notifyd took")
        let actions = entry.keys.filter { $0.hasPrefix("action-id-") }.sorted().compactMap { entry[$0] }
        let labels = entry.keys.filter { $0.hasPrefix("action-label-") }.sorted().compactMap { entry[$0] }
        // xfce4-notifyd shows every action that has a label as a button, the default one too.
        #expect(shown.window.buttonLabels == labels.filter { !$0.isEmpty }, "\(shown.window.buttons)")
        #expect(actions == ["disable"], "a default action would lead nowhere: no Feels app is installed")
        #expect(shown.window.buttonLabels == ["Turn off tips"])
        #expect(shown.window.body == "Customize mood icons, colors, and layouts in Feels.")
    }

    @Test func aClickOnTheMessageClosesTheNotificationAsDismissedByTheUser() throws {
        let shown = try Shown()
        try shown.xfce.clickBody(of: shown.window)

        #expect(try shown.xfce.waitForWindows(0).isEmpty)
        #expect(shown.notifier.waitForLog("The notification of '\(Self.firstTip)' was dismissed by the user (2)"))
        // xfce4-notifyd 0.7 invokes no action on a click of the message without a default one: it dismisses the
        // notification, and a dismissal records nothing.
        #expect(shown.notifier.count("was clicked") == 0, "\(shown.notifier.log)")
        #expect(try eventually { try shown.tip.heldBackBy == "" })
        #expect(try shown.tip.status == "available")
        #expect(try shown.tip.invalidationReason == "")
        #expect(try shown.tip.displayCount == 1)
    }

    @Test func withTheAppTheDefaultActionsButtonOpensTheAppAtTheTip() throws {
        let shown = try Shown(withApp: true)
        let app = try #require(shown.app)
        #expect(try shown.label(ofAction: "default") == "Show in Feels", "Xfce shows it as a button: it needs words")
        try shown.xfce.press(try shown.label(ofAction: "default"), on: shown.window)

        #expect(try shown.xfce.waitForWindows(0).isEmpty)
        #expect(shown.notifier.waitForLog("The notification of '\(Self.firstTip)' was clicked: opening Feels"))
        #expect(try eventually { try !app.activations().isEmpty })
        let activations = try app.activations()
        #expect(activations.map(\.action) == ["show-tip"], "\(activations)")
        #expect(activations.map(\.parameter) == [Self.firstTip], "\(activations)")
        #expect(try shown.tip.status == "available")
        #expect(try shown.tip.invalidationReason == "")
    }

    @Test func theTurnOffButtonWritesTheOptOutAndLeavesTheTipAlone() throws {
        let shown = try Shown()
        try shown.xfce.press("Turn off tips", on: shown.window)

        #expect(shown.notifier.waitForLog("Tip notifications turned off from a notification"), "\(shown.notifier.log)")
        let settings = try String(contentsOf: shown.notifier.settingsFile, encoding: .utf8)
        #expect(settings.contains("Enabled=false"), "\(settings)")
        #expect(try shown.xfce.waitForWindows(0).isEmpty)
        #expect(shown.notifier.waitForLog("was dismissed by the user (2)"), "\(shown.notifier.log)")
        #expect(try shown.tip.status == "available")
        #expect(try shown.tip.invalidationReason == "")
    }

    @Test func doNotDisturbIsReadOverXfconfAnnouncedAndKeepsNotificationsOffTheScreen() throws {
        let bus = try TestBus()
        let xfce = try XfceNotifyServer(address: bus.address)
        let client = try DBusConnection(address: bus.address)
        defer { client.close() }
        var changes: [[DBusValue]] = []
        let router = SignalRouter(connection: client)
        try router.add(
            SignalRule(
                sender: XfceNotifyServer.xfconfName.rawValue, path: XfceNotifyServer.xfconfPath.rawValue,
                interface: XfceNotifyServer.xfconfInterface.rawValue, member: "PropertyChanged")
        ) { message in
            if let arguments = try? message.arguments { changes.append(arguments) }
        }
        func waitForChange(to value: Bool) -> Bool {
            let expected: [DBusValue] = [
                .string(XfceNotifyServer.channel), .string(XfceNotifyServer.doNotDisturbProperty),
                .variant(.boolean(value)),
            ]
            let deadline = ContinuousClock.now + .seconds(10)
            while !changes.contains(expected), ContinuousClock.now < deadline {
                _ = client.readWriteDispatch(timeout: .milliseconds(50))
            }
            return changes.contains(expected)
        }
        #expect(try xfce.doNotDisturb() == nil)

        try xfce.setDoNotDisturb(true)
        #expect(waitForChange(to: true), "\(changes)")
        #expect(try xfce.doNotDisturb() == true)
        // Taken and logged, but kept off the screen: xfce4-notifyd answers Notify before it would show a window.
        try xfce.notifySend("Under do-not-disturb")
        #expect(try xfce.logged().map { $0["summary"] } == ["Under do-not-disturb"])

        try xfce.setDoNotDisturb(false)
        #expect(waitForChange(to: false), "\(changes)")
        #expect(try xfce.doNotDisturb() == false)
        try xfce.notifySend("Disturbing again")
        // Only the second is on screen: the first was never shown, not even once the mode ended.
        #expect(try xfce.waitForWindows(1).map(\.summary) == ["Disturbing again"])
    }

    // Under Xfce's do-not-disturb the tip was once shown, recorded and its window closed, and nothing
    // reached the screen.
    @Test func underDoNotDisturbNothingIsShownOrUsedUpAndTheTipComesWhenItEnds() throws {
        let service = try RunningService()
        try Self.makeUser(of: service)
        let xfce = try XfceNotifyServer(address: service.bus.address)
        try xfce.setDoNotDisturb(true)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Waiting: Xfce's notifications are in do-not-disturb mode"), "\(notifier.log)")
        #expect(notifier.count("Showed") == 0, "\(notifier.log)")
        #expect(try xfce.logged().isEmpty)
        #expect(try service.tip(Self.firstTip).displayCount == 0)
        try xfce.setDoNotDisturb(false)
        #expect(notifier.waitForLog("Showed '\(Self.firstTip)'"), "\(notifier.log)")
        #expect(try xfce.waitForWindows(1).first?.summary == Self.firstTitle)
    }
}
