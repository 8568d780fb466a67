import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// One tip, one place: no notification while the Feels app runs (it shows tips in context), a notification withdrawn
/// when the app starts or when its tip is invalidated or reset anywhere, and never the same new tip notified and
/// displayed by an app in one display window.
@Suite("One tip, one place", .serialized)
struct OneTipOnePlaceTests {
    /// A used service, a mock server, the stand-in app installed, and a notifier.
    struct Desktop {
        let service: RunningService
        let server: MockNotificationServer
        let app: StandInApp
        let config: TemporaryFolder
        let notifier: NotifierProcess

        init(appRunning: Bool = false, arguments: [String] = []) throws {
            service = try RunningService.usedToday(arguments: arguments)
            server = try MockNotificationServer(address: service.bus.address)
            app = try StandInApp(
                address: service.bus.address, serviceDirectory: service.bus.serviceDirectory, startNow: appRunning)
            config = try TemporaryFolder()
            notifier = try NotifierProcess(
                address: service.bus.address, configHome: config.url,
                environment: ["XDG_DATA_DIRS": app.dataFolder.path])
        }
    }

    @Test func whileTheAppRunsNoNotificationIsShownAndTheTipComesWhenItQuits() throws {
        let desktop = try Desktop(appRunning: true)
        #expect(
            desktop.notifier.waitForLog("Waiting: the Feels app runs and shows tips where they belong"),
            "\(desktop.notifier.log)")
        #expect(try desktop.server.notifyCalls().isEmpty)
        #expect(try desktop.service.tip("CustomizeLayoutTip").displayCount == 0)

        desktop.app.stop()
        #expect(desktop.notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(desktop.notifier.log)")
    }

    @Test func whenTheAppStartsTheNotificationOnScreenIsWithdrawnAndTheTipIsTheApps() throws {
        let desktop = try Desktop()
        #expect(desktop.notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(desktop.notifier.log)")
        #expect(try !desktop.service.tips.presentTip(id: "CustomizeLayoutTip").shown)

        try desktop.app.start()
        #expect(
            desktop.notifier.waitForLog("Withdrew the notification of 'CustomizeLayoutTip': the Feels app started"),
            "\(desktop.notifier.log)")
        #expect(try eventually { try desktop.server.closeCalls() == [1] })
        #expect(try eventually { try desktop.service.tip("CustomizeLayoutTip").heldBackBy == "" })
        #expect(try desktop.service.tips.presentTip(id: "CustomizeLayoutTip").shown)
        #expect(try desktop.app.activateActionCalls().isEmpty, "the notifier only steps aside")
    }

    @Test func aTipInvalidatedInTheAppOrByFeelsTipsHasItsNotificationWithdrawn() throws {
        let desktop = try Desktop()
        #expect(desktop.notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(desktop.notifier.log)")
        let result = try runTool(
            try builtProduct("feels-tips"),
            [
                "--address", desktop.service.bus.address, "invalidate",
                "CustomizeLayoutTip", "tipClosed",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            desktop.notifier.waitForLog("Withdrew the notification of 'CustomizeLayoutTip': it was invalidated"),
            "\(desktop.notifier.log)")
        #expect(try eventually { try desktop.server.closeCalls() == [1] })
    }

    @Test func aResetWithdrawsTheNotificationOfATipItMakesNewAgain() throws {
        let desktop = try Desktop()
        #expect(desktop.notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(desktop.notifier.log)")
        try desktop.service.tips.resetAllTips()
        #expect(
            desktop.notifier.waitForLog("Withdrew the notification of 'CustomizeLayoutTip': the tips were reset"),
            "\(desktop.notifier.log)")
        #expect(try eventually { try desktop.server.closeCalls() == [1] })
    }

    /// At the instant each window opens, an app displays the next tip (as a view appears) while the notifier claims
    /// one: whichever the service answers first, the other never gets the same new tip in that window. Windows open
    /// only at the test's resets (hourly): one opening again by itself between two windows would have the notifier
    /// claim a tip the next window then counts.
    @Test func noTipIsEverNotifiedAndDisplayedByAnAppInTheSameWindow() throws {
        let service = try RunningService.usedToday(arguments: ["--display-frequency", "hourly"])
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip' as notification 1"), "\(notifier.log)")
        try closeAndAwaitTheNotifier(notifier, count: 1) { () throws in try server.close(1, reason: 1) }
        let connection = try DBusConnection(address: service.bus.address)
        defer { connection.close() }
        let app = Tips1Client(connection: connection, timeout: .seconds(10))
        let titles = ["Personalize Your Experience": "CustomizeLayoutTip", "View Your History": "TimeViewTip"]
        var wins = (notifier: 0, app: 0)
        // The app's call follows the reset by a delay that tracks the notifier's reaction: longer after the app won,
        // shorter after the notifier did, so that the two keep meeting at the same instant whatever the load.
        var delay = 0
        for window in 0..<50 {
            let calls = try server.notifyCalls().count
            let waits = notifier.count("Waiting: the display window is closed until")
            // A reset opens the window again, with every tip new: the notifier hears of it and claims at once, and
            // the app displays the next tip at the same instant.
            try service.tips.resetAllTips()
            try service.tips.logMood(mood: "good")
            usleep(useconds_t(delay))
            let presented = try app.presentNextTip(location: "")
            let shown = presented.shown ? presented.tip?.id ?? "" : ""
            // The notifier has either shown a tip or been told the window is closed.
            #expect(
                try eventually {
                    try server.notifyCalls().count > calls
                        || notifier.count("Waiting: the display window is closed until") > waits
                }, "window \(window): \(notifier.log.suffix(5))")
            let notified = try server.notifyCalls().dropFirst(calls).compactMap { titles[$0.summary] }
            #expect(!notified.contains(shown), "window \(window): '\(shown)' was notified and displayed by the app")
            wins.notifier += notified.isEmpty ? 0 : 1
            wins.app += shown.isEmpty ? 0 : 1
            delay = notified.isEmpty ? min(delay + 1_000, 200_000) : max(delay - 1_000, 0)
            let made = try server.notifyCalls().count
            if made > calls {
                try closeAndAwaitTheNotifier(notifier, count: made - calls) { () throws in
                    for index in calls..<made {
                        try server.close(MockNotificationServer.id(ofCall: index), reason: 1)
                    }
                }
            }
        }
        // Both sides won windows: the race was run, not avoided.
        #expect(wins.notifier > 0 && wins.app > 0, "\(wins)")
    }

    /// Closes `count` notifications as expired (`close`), then waits until the notifier has said so for each: whatever
    /// it says about them comes before that, so no line answering a close is taken, in the next window, for the answer
    /// to that window's reset.
    private func closeAndAwaitTheNotifier(_ notifier: NotifierProcess, count: Int, _ close: () throws -> Void) throws {
        let closed = notifier.count("was expired (1)")
        try close()
        #expect(notifier.waitForLogCount("was expired (1)", closed + count - 1), "\(notifier.log.suffix(5))")
    }
}
