import BusTestSupport
import DBus
import Foundation
import Testing

/// `ClaimNotificationTip` and `ReleaseNotificationTip` on a private bus: through busctl, gdbus and our client, with
/// the hold seen by apps, a claim undone, and a notifier that leaves without releasing.
@Suite("Claiming tips for notifications, on the bus")
struct NotificationClaimOnTheBusTests {
    /// A service whose user logged a mood today: day one of use, two tips ready.
    static func firstDay() throws -> RunningService {
        let service = try RunningService(arguments: ["--display-frequency", "immediate"])
        try service.call("LogMood", [.string("great")])
        return service
    }

    @Test func nothingIsClaimedBeforeTheUserLoggedAMoodOrViewedSettings() throws {
        let service = try RunningService()
        let reply = try service.busctlCall("ClaimNotificationTip", "a{sv}", "0")
        #expect(reply.type == "sa{sv}")
        #expect(reply.data.first as? String == "")
        #expect((reply.data.last as? [String: Any])?.isEmpty == true)
        #expect(try service.tip("CustomizeLayoutTip")["notified_at"] == .int64(0))
    }

    @Test func busctlClaimsTheFirstNewTipWithItsDesktopWordsInTheLocaleAsked() throws {
        let service = try Self.firstDay()
        let reply = try service.busctlCall("ClaimNotificationTip", "a{sv}", "1", "locale", "s", "C.UTF-8")
        #expect(reply.data.first as? String == "CustomizeLayoutTip")
        let tip = try #require(reply.data.last as? [String: Any])
        func text(_ key: String) -> String? { (tip[key] as? [String: Any])?["data"] as? String }
        #expect(text("notification_title") == "Personalize Your Experience")
        #expect(text("notification_body") == "Customize mood icons, colors, and layouts in Feels.")
        #expect(
            text("message") == "Tap here to customize mood icons, colors, and layouts.", "apps keep the seed's words")
        #expect(text("held_back_by") == "notification")
        #expect(((tip["notified_at"] as? [String: Any])?["data"] as? Int64 ?? 0) > 0)
    }

    @Test func anAppIsNotShownAHeldTipUntilTheNotifierReleasesIt() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        defer { notifier.close() }
        let claimed = try Self.claim(on: notifier)
        #expect(claimed == "CustomizeLayoutTip")
        service.clearSignals()

        #expect(try service.call("ShouldDisplayTip", [.string(claimed)]) == [.boolean(false)])
        #expect(try service.call("DisplayTip", [.string(claimed)]) == [.boolean(false)])
        #expect(try service.call("DisplayNextTip", [.string("CustomizeContentView")]) == [.string("")])
        #expect(try service.tip(claimed)["display_count"] == .uint32(1), "the app's refused displays record nothing")

        try Self.release(claimed, shown: true, on: notifier)
        #expect(
            service.waitForSignals { _ in
                service.tipChanges.contains { $0.id == claimed && $0.changes["should_display"] == .boolean(true) }
            }, "TipChanged tells the app it may show the tip now")
        #expect(try service.call("DisplayTip", [.string(claimed)]) == [.boolean(true)])
        #expect(try service.tip(claimed)["held_back_by"] == .string(""))
    }

    @Test func gdbusReleasingANotificationThatNeverShowedUndoesTheClaim() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("great")])
        let before = try service.tip("CustomizeLayoutTip")
        let claim = try service.gdbus("ClaimNotificationTip", "{}")
        #expect(claim.status == 0, "\(claim.stderr)")
        #expect(claim.stdout.hasPrefix("('CustomizeLayoutTip', {"))
        #expect(try service.property("NextDisplayTime") != .int64(0), "the claim opened the daily window")

        let release = try service.gdbus("ReleaseNotificationTip", "CustomizeLayoutTip", "false")
        #expect(release.status == 0, "\(release.stderr)")
        #expect(try service.property("NextDisplayTime") == .int64(0))
        let after = try service.tip("CustomizeLayoutTip")
        #expect(after["display_count"] == before["display_count"])
        #expect(after["notified_at"] == .int64(0))
        #expect(try service.call("DisplayNextTip", [.string("")]) == [.string("CustomizeLayoutTip")])
    }

    @Test func aNotifierThatLeavesTheBusReleasesItsHoldsAsShown() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        #expect(try Self.claim(on: notifier) == "CustomizeLayoutTip")
        #expect(try service.call("ShouldDisplayTip", [.string("CustomizeLayoutTip")]) == [.boolean(false)])
        service.clearSignals()
        notifier.close()

        #expect(
            service.waitForSignals { _ in
                service.tipChanges.contains {
                    $0.id == "CustomizeLayoutTip" && $0.changes["should_display"] == .boolean(true)
                }
            })
        let tip = try service.tip("CustomizeLayoutTip")
        #expect(tip["held_back_by"] == .string(""))
        #expect(tip["notified_at"] != .int64(0), "it may have been seen: it is never notified again")
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
        let result = try service.busctl([
            "call", "org.feels.Tips", "/org/feels/Tips", "org.feels.Tips1", "ReleaseNotificationTip", "sb",
            "CustomizeLayoutTip", "false",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("held for another notifier's notification"))
        #expect(
            try service.errorName(of: "ReleaseNotificationTip", [.string("NoSuchTip"), .boolean(true)])
                == RunningService.unknownTip)
        #expect(try service.call("ShouldDisplayTip", [.string("CustomizeLayoutTip")]) == [.boolean(false)])
    }

    @Test func aLocaleOptionOfTheWrongTypeIsRefused() throws {
        let service = try Self.firstDay()
        let error = try service.errorName(of: "ClaimNotificationTip", [.vardict([("locale", .uint32(7))])])
        #expect(error == RunningService.invalidArgs)
        #expect(try service.tip("CustomizeLayoutTip")["notified_at"] == .int64(0))
    }

    @Test func aClaimIsDurable() throws {
        let service = try Self.firstDay()
        let notifier = try DBusConnection(address: service.bus.address)
        defer { notifier.close() }
        #expect(try Self.claim(on: notifier) == "CustomizeLayoutTip")
        let notified = try service.tip("CustomizeLayoutTip")["notified_at"]
        try service.restart()
        #expect(try service.tip("CustomizeLayoutTip")["notified_at"] == notified)
        #expect(try Self.claim(on: notifier) == "TimeViewTip", "a tip is notified at most once, across restarts")
    }

    static func claim(on connection: DBusConnection) throws -> String {
        let reply = try connection.call(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
            member: "ClaimNotificationTip", arguments: [.vardict([])], timeout: .seconds(10))
        return reply.first?.stringValue ?? "?"
    }

    static func release(_ id: String, shown: Bool, on connection: DBusConnection) throws {
        try connection.call(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface,
            member: "ReleaseNotificationTip", arguments: [.string(id), .boolean(shown)], timeout: .seconds(10))
    }
}
