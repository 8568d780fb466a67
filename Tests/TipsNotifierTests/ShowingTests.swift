import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The first run shows one notification, for the first tip the service lets a notification claim, as the
/// notification specification and the desktops want it: a mock server reads back the exact `Notify` arguments, dunst
/// shows it for real.
@Suite("Showing a tip", .serialized)
struct ShowingTests {
    static let firstTip = "CustomizeLayoutTip"
    static let firstTitle = "Personalize Your Experience"
    static let firstBody = "Customize mood icons, colors, and layouts in Feels."
    static let firstIcon = "preferences-desktop-theme"

    @Test func theFirstRunShowsOneNormalUrgencyNotificationWithTheTipsDesktopWordsIconAndHints() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed '\(Self.firstTip)' as notification 1"), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the display window is closed until"), "\(notifier.log)")

        let calls = try server.notifyCalls()
        try #require(calls.count == 1, "\(calls)")
        let call = calls[0]
        #expect(call.appName == "Feels")
        #expect(call.summary == Self.firstTitle)
        #expect(call.body == Self.firstBody)
        // No icon theme in reach (XDG_DATA_DIRS names none): the name, for the server's theme.
        #expect(call.icon == Self.firstIcon)
        #expect(call.appIcon == Self.firstIcon)
        #expect(call.hints["desktop-entry"] == .string(Tips1.busName.rawValue), "no Feels app is installed")
        #expect(call.hints["category"] == .string("x-feels.tip"))
        #expect(call.hints["urgency"] == .byte(1), "GNOME Shell shows no banner for low urgency")
        #expect(call.actions == ["disable", "Turn off tips"], "without the app a click would lead nowhere")
        let tip = try service.tip(Self.firstTip)
        #expect(tip.displayCount == 1)
        #expect(tip.notifiedAt != 0)
        #expect(tip.status == "available")
        #expect(tip.heldBackBy == "notification", "apps wait while it is on screen")
        #expect(try service.tips.nextDisplayTime() != 0)
    }

    /// With the system's icon themes in reach, the image is the icon's file, which mako (hicolor alone) and every
    /// other server draws, and `app_icon` keeps the name for a server that draws it from its own theme.
    @Test func theImageIsTheIconsFileInAdwaitaAndTheAppIconItsName() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url, environment: ["XDG_DATA_DIRS": "/usr/share"])

        #expect(notifier.waitForLog("Showed '\(Self.firstTip)' as notification 1"), "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(call.appIcon == Self.firstIcon)
        let image = try #require(call.hints["image-path"]?.stringValue)
        #expect(image.hasPrefix("file:///usr/share/icons/Adwaita/"), "\(image)")
        #expect(image.hasSuffix("/\(Self.firstIcon).png"), "\(image)")
        #expect(FileManager.default.fileExists(atPath: String(image.dropFirst("file://".count))))
    }

    @Test func nothingIsNotifiedBeforeTheFirstDayOfUseAndTheTipComesOnceFeelsIsUsed() throws {
        let service = try RunningService()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: Feels has not been used yet (no day of use)"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try service.tip(Self.firstTip).displayCount == 0)
        #expect(try service.tips.nextDisplayTime() == 0)

        try service.tips.settingsViewed()
        #expect(notifier.waitForLog("Showed '\(Self.firstTip)'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func aServerWithoutActionsGetsNoButtonsAndAPlainBody() throws {
        let service = try RunningService.usedToday()
        for mood in ["good", "good"] { try service.tips.logMood(mood: mood) }
        for tip in [Self.firstTip, "TimeViewTip"] {
            try service.tips.invalidateTip(id: tip, reason: "action-performed")
        }
        let server = try MockNotificationServer(address: service.bus.address, capabilities: ["body"])
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed 'SiriShortcutTip'"), "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(call.summary == "Log Moods from Anywhere")
        #expect(call.actions.isEmpty)
        // Its apostrophes would be escaped for a server that reads markup; this one shows the text as sent.
        #expect(call.body == "Log your mood without opening Feels: give 'feels-tips log great' a keyboard shortcut.")
    }

    @Test func aServerThatReadsMarkupGetsTheBodyEscaped() throws {
        let service = try RunningService.usedToday()
        for mood in ["good", "good"] { try service.tips.logMood(mood: mood) }
        for tip in [Self.firstTip, "TimeViewTip"] {
            try service.tips.invalidateTip(id: tip, reason: "action-performed")
        }
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Showed 'SiriShortcutTip'"), "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(
            call.body == "Log your mood without opening Feels: give &#39;feels-tips log great&#39; a keyboard shortcut."
        )
    }

    @Test func dunstShowsOneNotificationWithTheTipsWordsIconAndCategoryAndClosingItRecordsNothing() throws {
        let service = try RunningService.usedToday()
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
        #expect(shown["body"] == .string(Self.firstBody))
        #expect(shown["category"] == .string("x-feels.tip"))
        #expect(shown["timeout"] == .int64(3_600_000_000), "dunst applied another urgency's timeout: \(shown)")
        #expect(shown["icon_path"]?.stringValue?.hasSuffix("/\(Self.firstIcon).png") == true, "\(shown)")
        #expect(try dunst.displayedCount() == 0)
        // Closed by the user: nothing is recorded, and the tip is the app's to show where it belongs.
        #expect(notifier.waitForLog("was dismissed by the user (2); nothing is recorded"), "\(notifier.log)")
        #expect(try eventually { try service.tip(Self.firstTip).heldBackBy == "" })
        let tip = try service.tip(Self.firstTip)
        #expect(tip.status == "available")
        #expect(tip.shouldDisplay)
    }

    @Test func theTipComesInTheNotifiersLanguageWhateverTheServicesIs() throws {
        var serviceEnvironment = try Translations.environment(locale: "de_DE.UTF-8")
        serviceEnvironment["LANG"] = "C"
        let service = try RunningService.usedToday(environment: serviceEnvironment)
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: service.bus.address, configHome: config.url,
            environment: try Translations.environment(locale: "de_DE.UTF-8"))

        #expect(notifier.waitForLog("Showed '\(Self.firstTip)'"), "\(notifier.log)")
        #expect(notifier.log.contains { $0.contains("languages 'de_DE.UTF-8'") }, "\(notifier.log)")
        let call = try #require(try server.notifyCalls().first)
        #expect(call.summary == "Personalisiere dein Erlebnis")
        #expect(call.body == "Passe in Feels Stimmungssymbole, Farben und Layouts an.")
        #expect(call.actions == ["disable", "Tipps ausschalten"])
        #expect(try service.tip(Self.firstTip).title == Self.firstTitle)
    }
}
