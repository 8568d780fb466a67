import BusTestSupport
import DBus
import Foundation
import Testing

/// The first run shows one notification, for the first tip the service offers, as the notification specification
/// and the desktops want it: a mock server reads back the exact `Notify` arguments, dunst shows it for real.
@Suite("Showing a tip", .serialized)
struct ShowingTests {
    static let firstTip = "CustomizeLayoutTip"
    static let firstTitle = "Personalize Your Experience"
    static let firstMessage = "Tap here to customize mood icons, colors, and layouts."
    static let firstIcon = "preferences-desktop-theme"

    @Test func theFirstRunShowsExactlyOneNotificationForTheFirstTipWithTitleMessageIconAndHints() throws {
        let service = try RunningService()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed '\(Self.firstTip)'"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the display window is closed until"), "\(notifier.log)")

        let calls = try server.notifyCalls()
        try #require(calls.count == 1, "\(calls)")
        let call = calls[0]
        #expect(call.appName == "Feels")
        #expect(call.summary == Self.firstTitle)
        #expect(call.body == Self.firstMessage)
        #expect(call.icon == Self.firstIcon)
        #expect(call.hints["desktop-entry"] == .string("org.feels.Tips"))
        #expect(call.hints["category"] == .string("x-feels.tip"))
        #expect(call.hints["urgency"] == .byte(0))
        #expect(call.actions == ["default", "Got it", "disable", "Turn off tips"])
        let tip = try service.tip(Self.firstTip)
        #expect(tip["display_count"] == .uint32(1))
        #expect(tip["status"] == .string("available"))
        #expect(try service.property("NextDisplayTime") != .int64(0))
    }

    @Test func aServerWithoutActionsGetsNoButtonsAndAPlainBody() throws {
        let service = try RunningService()
        try service.call("LogMood", [.string("great")])
        try service.call("InvalidateTip", [.string(Self.firstTip), .string("actionPerformed")])
        try service.call("InvalidateTip", [.string("TimeViewTip"), .string("actionPerformed")])
        try service.call("LogMood", [.string("good")])
        try service.call("LogMood", [.string("good")])
        let server = try MockNotificationServer(address: service.bus.address, capabilities: ["body"])
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed 'SiriShortcutTip'"), "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(call.actions.isEmpty)
        // Its apostrophes would be escaped for a server that reads markup; this one shows the text as sent.
        #expect(call.body == "Say 'Hey Siri, log my mood as great in Feels' for hands-free logging.")
    }

    @Test func aServerThatReadsMarkupGetsTheMessageEscaped() throws {
        let service = try RunningService()
        for mood in ["great", "good", "good"] { try service.call("LogMood", [.string(mood)]) }
        for tip in [Self.firstTip, "TimeViewTip"] {
            try service.call("InvalidateTip", [.string(tip), .string("actionPerformed")])
        }
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed 'SiriShortcutTip'"), "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(call.body == "Say &apos;Hey Siri, log my mood as great in Feels&apos; for hands-free logging.")
    }

    @Test func dunstShowsOneNotificationWithTheTipsWordsIconAndCategoryAndClosingItClosesTheTip() throws {
        let service = try RunningService()
        let dunst = try DunstServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed '\(Self.firstTip)'"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the display window is closed until"), "\(notifier.log)")
        #expect(try dunst.displayedCount() == 1)

        // dunst lists a notification's fields once it is closed: close it as the user would.
        try dunst.closeAsUser()
        #expect(try eventually { try dunst.history().count == 1 })
        let shown = try #require(try dunst.history().first)
        #expect(shown["appname"] == .string("Feels"))
        #expect(shown["summary"] == .string(Self.firstTitle))
        #expect(shown["body"] == .string(Self.firstMessage))
        #expect(shown["category"] == .string("x-feels.tip"))
        #expect(shown["timeout"] == .int64(0), "dunst applied another urgency's timeout than low's: \(shown)")
        #expect(shown["icon_path"]?.stringValue?.hasSuffix("/\(Self.firstIcon).png") == true, "\(shown)")
        #expect(try dunst.displayedCount() == 0)
        // Closed by the user: the tip is closed too.
        #expect(notifier.waitForLog("Invalidated '\(Self.firstTip)' with 'tipClosed'"), "\(notifier.log)")
        #expect(try service.tip(Self.firstTip)["invalidation_reason"] == .string("tipClosed"))
    }

    @Test func theTipComesInTheNotifiersLanguageWhateverTheServicesIs() throws {
        var serviceEnvironment = try Translations.environment(locale: "de_DE.UTF-8")
        serviceEnvironment["LANG"] = "C"
        let service = try RunningService(environment: serviceEnvironment)
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url,
            environment: try Translations.environment(locale: "de_DE.UTF-8"))

        #expect(notifier.waitForLog("Showed '\(Self.firstTip)'"), "\(notifier.log)")
        #expect(notifier.log.contains { $0.contains("locale 'de_DE.UTF-8'") }, "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(call.summary == "Personalisiere dein Erlebnis")
        #expect(try service.tip(Self.firstTip)["title"] == .string(Self.firstTitle))
    }
}
