import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// `ClaimNotificationTip` and `ReleaseNotificationTip` on a private bus: through busctl, gdbus and our client, with
/// the hold seen by apps, a claim undone, and a notifier that leaves without releasing.
@Suite("Claiming tips for notifications, on the bus")
struct NotificationClaimOnTheBusTests {
    /// A service whose user logged a mood today: day one of use, two tips ready.
    static func firstDay() throws -> RunningService {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        try service.tips.logMood(mood: "great")
        return service
    }

    /// Whether an app at the tip's anchor would be shown it now: `PresentTip` with `record` false (was
    /// `ShouldDisplayTip`).
    static func wouldShow(_ id: String, on service: RunningService) throws -> Bool {
        try service.tips.presentTip(id: id, options: .init(record: false)).shown
    }

    @Test func nothingIsClaimedBeforeTheUserLoggedAMoodOrViewedSettings() throws {
        let service = try RunningService()
        let reply = try service.busctlCall(.claimNotificationTip, "a{sv}", "0")
        #expect(reply.type == "sa{sv}", "\(reply.stderr)")
        #expect(reply.data.first as? String == "")
        #expect((reply.data.last as? [String: Any])?.isEmpty == true)
        let claim = try service.tips.claimNotificationTip()
        #expect(claim.id == "" && claim.tip == nil)
        #expect(try service.tip("CustomizeLayoutTip").notifiedAt == 0)
    }

    @Test func busctlClaimsTheFirstNewTipWithItsDesktopWordsInTheLanguageAsked() throws {
        let service = try Self.firstDay()
        let languages = Tips1.WordsOptions.Key.languages.rawValue
        let reply = try service.busctlCall(.claimNotificationTip, "a{sv}", "1", languages, "as", "1", "C.UTF-8")
        #expect(reply.data.first as? String == "CustomizeLayoutTip", "\(reply.stderr)")
        let tip = try #require(reply.data.last as? [String: Any])
        #expect(tip.data(.notificationTitle) as? String == "Personalize Your Experience")
        #expect(tip.data(.notificationBody) as? String == "Customize mood icons, colors, and layouts in Feels.")
        #expect(
            tip.data(.message) as? String == "Tap here to customize mood icons, colors, and layouts.",
            "apps keep the seed's words")
        #expect(tip.data(.language) as? String == "")
        #expect(tip.data(.heldBackBy) as? String == "notification")
        #expect((tip.data(.notifiedAt) as? Int64 ?? 0) > 0)
    }

    @Test func anAppIsNotShownAHeldTipUntilTheNotifierReleasesIt() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        defer { notifier.close() }
        let claimed = try Self.claim(on: notifier)
        #expect(claimed == "CustomizeLayoutTip")
        service.clearSignals()

        #expect(try !Self.wouldShow(claimed, on: service))
        let present = try service.tips.presentTip(id: claimed)
        #expect(!present.shown)
        #expect(present.tip.heldBackBy == "notification")
        let next = try service.tips.presentNextTip(location: "CustomizeContentView")
        #expect(!next.shown && next.tip == nil)
        #expect(try service.tip(claimed).displayCount == 1, "the app's refused displays record nothing")

        try Self.release(claimed, shown: true, on: notifier)
        #expect(
            service.waitForSignals { _ in
                service.tipChanges.contains { $0.id == claimed && $0.changes.shouldDisplay == true }
            }, "TipChanged tells the app it may show the tip now")
        #expect(service.tipChanges.first { $0.id == claimed }?.location == "CustomizeContentView")
        #expect(try service.tips.presentTip(id: claimed).shown)
        #expect(try service.tip(claimed).heldBackBy == "")
    }

    @Test func gdbusReleasingANotificationThatNeverShowedUndoesTheClaim() throws {
        let service = try RunningService()
        try service.tips.logMood(mood: "great")
        let before = try service.tip("CustomizeLayoutTip")
        let claim = try service.gdbus(.claimNotificationTip, "{}")
        #expect(claim.status == 0, "\(claim.stderr)")
        #expect(claim.stdout.hasPrefix("('CustomizeLayoutTip', {"))
        #expect(try service.tips.nextDisplayTime() != 0, "the claim opened the daily window")

        let release = try service.gdbus(.releaseNotificationTip, "CustomizeLayoutTip", "false")
        #expect(release.status == 0, "\(release.stderr)")
        #expect(try service.tips.nextDisplayTime() == 0)
        let after = try service.tip("CustomizeLayoutTip")
        #expect(after.displayCount == before.displayCount)
        #expect(after.notifiedAt == 0)
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
    }

    @Test func aNotifierThatLeavesTheBusReleasesItsHoldsAsShown() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        #expect(try Self.claim(on: notifier) == "CustomizeLayoutTip")
        #expect(try !Self.wouldShow("CustomizeLayoutTip", on: service))
        service.clearSignals()
        notifier.close()

        #expect(
            service.waitForSignals { _ in
                service.tipChanges.contains { $0.id == "CustomizeLayoutTip" && $0.changes.shouldDisplay == true }
            })
        let tip = try service.tip("CustomizeLayoutTip")
        #expect(tip.heldBackBy == "")
        #expect(tip.notifiedAt != 0, "it may have been seen: it is never notified again")
        service.stop()
        #expect(
            service.lastLog.contains { $0.contains("left the bus; released 'CustomizeLayoutTip' as shown") },
            "\(service.lastLog)")
    }

    @Test func onlyTheNotifierThatClaimedATipMayReleaseIt() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        defer { notifier.close() }
        #expect(try Self.claim(on: notifier) == "CustomizeLayoutTip")
        let result = try service.busctlCall(.releaseNotificationTip, "sb", "CustomizeLayoutTip", "false")
        #expect(result.status != 0)
        #expect(result.stderr.contains("held for another notifier's notification"), "\(result.stderr)")
        #expect(
            try service.errorName { try $0.releaseNotificationTip(id: "NoSuchTip", shown: true) }
                == Tips1.Error.unknownTip.rawValue)
        #expect(try !Self.wouldShow("CustomizeLayoutTip", on: service))
    }

    /// Was "a locale option of the wrong type": the option is `languages` now, and 0.1.0's `locale` is one the
    /// service does not know, so it is ignored as every unknown option is.
    @Test func aLanguagesOptionOfTheWrongTypeIsRefusedAndAnUnknownOptionIgnored() throws {
        let service = try Self.firstDay()
        let languages = Tips1.WordsOptions.Key.languages.rawValue
        let error = try service.errorName(of: .claimNotificationTip, [.vardict([(languages, .uint32(7))])])
        #expect(error == RunningService.invalidArgs)
        let stringNotList = try service.errorName(of: .claimNotificationTip, [.vardict([(languages, .string("de"))])])
        #expect(stringNotList == RunningService.invalidArgs)
        #expect(try service.tip("CustomizeLayoutTip").notifiedAt == 0)
        let reply = try service.call(.claimNotificationTip, [.vardict([("locale", .uint32(7))])])
        #expect(reply.first == .string("CustomizeLayoutTip"))
    }

    @Test func aClaimIsDurable() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        defer { notifier.close() }
        #expect(try Self.claim(on: notifier) == "CustomizeLayoutTip")
        let notified = try service.tip("CustomizeLayoutTip").notifiedAt
        try service.restart()
        #expect(try service.tip("CustomizeLayoutTip").notifiedAt == notified)
        #expect(try Self.claim(on: notifier) == "TimeViewTip", "a tip is notified at most once, across restarts")
    }

    static func claim(on connection: DBusConnection) throws -> String {
        try Tips1Client(connection: connection, timeout: .seconds(10)).claimNotificationTip().id
    }

    static func release(_ id: String, shown: Bool, on connection: DBusConnection) throws {
        try Tips1Client(connection: connection, timeout: .seconds(10)).releaseNotificationTip(id: id, shown: shown)
    }
}
