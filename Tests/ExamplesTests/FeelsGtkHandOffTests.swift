import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The GTK app with the real notifier and dunst, end to end: the tip a notification offers is the app's once
/// clicked, the notifier keeps quiet while the app runs, and a tip is never in both places. Everything is real and
/// on one X display: `feels-tipsd` and the app started by bus activation, `feels-tips-notifier`, dunst, and the
/// user's pointer (xdotool).
@Suite("The GTK app and the notifier")
struct FeelsGtkHandOffTests {
    /// How the user invokes the notification's default action.
    enum Gesture: String, CaseIterable, CustomTestStringConvertible {
        /// dunst's middle mouse button on the notification: `do_action, close_current`.
        case middleClick
        /// `dunstctl action 0`, which a user binds to a key: dunst leaves the notification on screen.
        case dunstctlAction

        var testDescription: String { rawValue }
    }

    @Test(arguments: Gesture.allCases)
    func aClickOnTheTipsNotificationStartsTheAppAtTheTipsViewWithTheTip(gesture: Gesture) throws {
        let desktop = try FeelsDesktop()
        let notifications = try DesktopNotifications(on: desktop)
        // The first day of use: a notification never advertises an app the user has not used.
        try desktop.tips.logMood(mood: "great")
        try notifications.startNotifier()
        try notifications.waitForNotifier("Showed 'CustomizeLayoutTip' as notification")
        try notifications.waitUntilDisplayed(1)
        #expect(desktop.owner(of: FeelsDesktop.appName) == nil)
        let notified = try desktop.tip("CustomizeLayoutTip")
        #expect(notified.notifiedAt > 0)
        #expect(notified.heldBackBy == "notification")

        switch gesture {
        case .middleClick: try notifications.click(button: 2)
        case .dunstctlAction: try notifications.dunstctl(["action", "0"])
        }

        try notifications.waitForNotifier(
            "The notification of 'CustomizeLayoutTip' was clicked: opening Feels at the tip")
        let shown = try desktop.waitForTip("CustomizeLayoutTip")
        #expect(shown.view == "CustomizeContentView")
        #expect(shown.presentation == "inline")
        #expect(shown.title == "Personalize Your Experience")
        // The app opened at the tip's view, and no other appeared first.
        let views = desktop.events.filter { $0["event"] as? String == "view" }.compactMap { $0["view"] as? String }
        #expect(views == ["CustomizeContentView"])
        #expect(desktop.events.contains { $0["event"] as? String == "presented" })
        // The bus started it, from the installed activation file, for the notifier's ActivateAction.
        let app = try #require(desktop.owner(of: FeelsDesktop.appName))
        #expect(desktop.bus.log.contains { $0.contains("Successfully activated service 'org.feels.Feels'") })
        #expect(try commandLine(of: app).last == "--gapplication-service")
        // The service recorded the display the app made, after the claim's.
        let displayed = try desktop.tip("CustomizeLayoutTip")
        #expect(displayed.displayCount == notified.displayCount + 1)
        #expect(displayed.lastDisplayed > notified.lastDisplayed)
        #expect(displayed.heldBackBy == "")
        #expect(displayed.status == "available")
        // The notification is gone, and no other came: the tip is in one place, the app.
        try notifications.waitUntilDisplayed(0)
        #expect(try notifications.closedSummaries() == [notified.notificationTitle])
    }

    @Test func whileTheAppRunsTheNotifierShowsNoNotification() throws {
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "immediate"])
        let notifications = try DesktopNotifications(on: desktop)
        try desktop.tips.logMood(mood: "great")
        try desktop.launchDesktopEntry()
        _ = try desktop.waitForTip("TimeViewTip")

        try notifications.startNotifier()

        try notifications.waitForNotifier("Waiting: the Feels app runs and shows tips where they belong")
        #expect(try notifications.displayed() == 0)
        #expect(try notifications.closedSummaries().isEmpty)
        // CustomizeLayoutTip is new and may appear now, yet nothing was claimed for a notification.
        #expect(try desktop.tips.getTips(ids: []).allSatisfy { $0.notifiedAt == 0 })
        #expect(try desktop.tips.presentTip(id: "CustomizeLayoutTip", options: .init(record: false)).shown)

        // The notifier was live all along: once the app quits, it shows that tip.
        try desktop.quitApp()
        try notifications.waitForNotifier("Showed 'CustomizeLayoutTip' as notification")
        try notifications.waitUntilDisplayed(1)
    }

    /// A tip on screen as a notification when the user opens the app from the dash: the notifier withdraws the
    /// notification as the app starts and lets the tip go, the app shows it at its anchor, and closing it there is
    /// final. At no moment is it in both places.
    @Test func aNotifiedTipIsWithdrawnWhenTheAppStartsAndClosingItInTheAppIsFinal() throws {
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "immediate"])
        let notifications = try DesktopNotifications(on: desktop)
        try desktop.tips.logMood(mood: "great")
        // The user closed CustomizeLayoutTip before: the tip notified is the day view's.
        try desktop.tips.invalidateTip(id: "CustomizeLayoutTip", reason: "tip-closed")
        try notifications.startNotifier()
        try notifications.waitForNotifier("Showed 'TimeViewTip' as notification")
        try notifications.waitUntilDisplayed(1)
        #expect(try desktop.tip("TimeViewTip").heldBackBy == "notification")

        try desktop.launchDesktopEntry()

        try notifications.waitForNotifier("Withdrew the notification of 'TimeViewTip': the Feels app started")
        let shown = try desktop.waitForTip("TimeViewTip")
        #expect(try notifications.displayed() == 0, "the app shows the tip while its notification is on screen")
        #expect(try notifications.closedSummaries() == ["View Your History"])
        #expect(shown.view == "DayView")
        #expect(shown.anchor == "time-switch")

        try desktop.press("close", of: shown)

        _ = try desktop.waitForEvent("invalidated") { $0["tip"] as? String == "TimeViewTip" }
        let closed = try desktop.tip("TimeViewTip")
        #expect(closed.status == "invalidated")
        #expect(closed.invalidationReason == "tip-closed")
        // Once the app quits, the notifier looks again, and does not bring the tip back.
        let before = notifications.notifierLog.count
        try desktop.quitApp()
        try notifications.waitForNotifier("Waiting: no new tip is available", after: before)
        #expect(try notifications.displayed() == 0)
        #expect(notifications.notifierLog.filter { $0.contains("Showed 'TimeViewTip'") }.count == 1)
    }
}
