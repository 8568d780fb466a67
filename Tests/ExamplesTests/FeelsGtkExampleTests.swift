import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// examples/feels-gtk: the Feels app for GNOME, under Xvfb with a real GTK, on a private bus with the real service.
@Suite("The GTK app")
struct FeelsGtkExampleTests {
    @Test func aViewShowsItsTipAsAPopoverAtItsWidget() throws {
        let desktop = try FeelsDesktop()
        try desktop.launch()

        let shown = try desktop.waitForTip("TimeViewTip")
        #expect(shown.view == "DayView")
        #expect(shown.presentation == "popover")
        #expect(shown.anchor == "time-switch")
        #expect(shown.title == "View Your History")
        #expect(shown.message == "Switch between Day, Month, and Year views to see your mood patterns over time.")
        #expect(shown.language == "")
        #expect(shown.action == "Show Month")
        // PresentNextTip chose it for the view and recorded its display.
        #expect(try desktop.tip("TimeViewTip").displayCount == 1)
    }

    /// Its close button records tip-closed, its button (Show Month) action-performed: (button, why it hid, reason).
    @Test(arguments: [("close", "closed", "tip-closed"), ("action", "action", "action-performed")])
    func pressingTheTipsButtonRecordsWhatTheUserDid(button: String, why: String, reason: String) throws {
        let desktop = try FeelsDesktop()
        try desktop.launch()
        let shown = try desktop.waitForTip("TimeViewTip")

        try desktop.press(button, of: shown)

        let hidden = try desktop.waitForEvent("tip-hidden") { $0["tip"] as? String == "TimeViewTip" }
        #expect(hidden["why"] as? String == why)
        _ = try desktop.waitForEvent("invalidated") { $0["tip"] as? String == "TimeViewTip" }
        let tip = try desktop.tip("TimeViewTip")
        #expect(tip.status == "invalidated")
        #expect(tip.invalidationReason == reason)
    }

    @Test func actingOnSiriShortcutTipShowsHowToLogFromAKeyboardShortcut() throws {
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "immediate"])
        for mood in ["good", "great", "average"] { try desktop.tips.logMood(mood: mood) }
        try desktop.showTip("SiriShortcutTip", activationToken: "feels-test_TIME1")
        let shown = try desktop.waitForTip("SiriShortcutTip")
        #expect(shown.action == "Set Up a Shortcut…")

        try desktop.press("action", of: shown)

        let dialog = try desktop.waitForEvent("shortcut-dialog")
        #expect(dialog["reason"] as? String == "siri")
        _ = try desktop.waitForEvent("invalidated") { $0["tip"] as? String == "SiriShortcutTip" }
        #expect(try desktop.tip("SiriShortcutTip").invalidationReason == "action-performed")
    }

    @Test func actingOnHealthKitSyncTipExportsTheMoodsToTheFileTheUserPicks() throws {
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "immediate"])
        for mood in ["great", "bad"] { try desktop.tips.logMood(mood: mood) }
        // Settings is viewed as it appears, and HealthKitSyncTip waits for that.
        try desktop.showTip("HealthKitSyncTip", activationToken: "feels-test_TIME1")
        let shown = try desktop.waitForTip("HealthKitSyncTip")
        #expect(shown.anchor == "health")
        #expect(shown.action == "Export Moods…")
        #expect(shown.onLinux?.hasPrefix("Apple Health is not available on Linux") == true)

        try desktop.press("action", of: shown)
        // GTK's file chooser: the name typed in, with its folder, and Return.
        let file = desktop.folder.path("moods.csv")
        try desktop.xdotool([
            "search", "--sync", "--onlyvisible", "--name", "^Export Moods$", "windowfocus", "--sync", "key", "ctrl+a",
            "type", file,
        ])
        try desktop.xdotool(["key", "Return"])

        _ = try desktop.waitForEvent("invalidated") { $0["tip"] as? String == "HealthKitSyncTip" }
        #expect(try desktop.tip("HealthKitSyncTip").invalidationReason == "action-performed")
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "logged,mood,score")
        #expect(
            rows.dropFirst().map { $0.split(separator: ",").dropFirst().joined(separator: ",") } == [
                "great,5", "bad,2",
            ])
    }

    @Test func aTipThatBecomesEligibleWhileTheWindowIsOpenAppears() throws {
        let desktop = try FeelsDesktop()
        // The day view's only available tip is closed: the view opens with none.
        try desktop.tips.invalidateTip(id: "TimeViewTip", reason: "tip-closed")
        try desktop.launch()
        let answered = try desktop.waitForEvent("no-tip") { $0["view"] as? String == "DayView" }
        let before = desktop.events.count
        #expect(answered["view"] as? String == "DayView")
        #expect(!desktop.events.contains { $0["event"] as? String == "tip-shown" })

        // MoodStreakTip waits for currentStreak >= 3; TipChanged says it should display, and the app shows it.
        try desktop.tips.updateStreak(days: 3)

        let shown = try desktop.waitForTip("MoodStreakTip", after: before)
        #expect(shown.anchor == "streak")
        #expect(shown.title == "Build Your Streak!")
        #expect(try desktop.tip("MoodStreakTip").displayCount == 1)
    }

    @Test func aTipTheDisplayWindowHeldBackAppearsWhenTheWindowReopens() throws {
        // A display window of 3 s: the first tip shown holds new tips back for that long.
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "3"])
        try desktop.tips.updateStreak(days: 3)
        try desktop.launch()
        let first = try desktop.waitForTip("TimeViewTip")
        try desktop.press("close", of: first)
        // Closed, the next tip of the view is asked for, and the window holds MoodStreakTip back.
        let heldBack = try desktop.waitForEvent("no-tip") { $0["view"] as? String == "DayView" }
        #expect(heldBack["view"] as? String == "DayView")
        #expect(try desktop.tip("MoodStreakTip").heldBackBy == "display-window")

        let shown = try desktop.waitForTip("MoodStreakTip")
        #expect(shown.view == "DayView")
        #expect(try desktop.tip("MoodStreakTip").heldBackBy == "")
    }

    @Test func theTipsWordsAreInGermanUnderLanguageDe() throws {
        // The service speaks English itself and has the German catalog; the app asks for the words in its languages,
        // GLib's: de, then C.
        let desktop = try FeelsDesktop(environment: ["TEXTDOMAINDIR": try Translations.catalogFolder()])
        try desktop.launch(environment: ["LANGUAGE": "de"])

        let shown = try desktop.waitForTip("TimeViewTip")
        #expect(shown.title == "Sieh dir deinen Verlauf an")
        #expect(shown.language == "de")
        // The app's own words come from its own catalog.
        #expect(shown.action == "Monat zeigen")
    }

    @Test func showTipOverTheBusOpensTheTipsViewWithTheTip() throws {
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "immediate"])
        for mood in ["good", "great", "average"] { try desktop.tips.logMood(mood: mood) }
        try desktop.launch()
        _ = try desktop.waitForTip("TimeViewTip")
        let before = desktop.events.count

        try desktop.showTip("SiriShortcutTip", activationToken: "feels-test_TIME4242")

        let left = try desktop.waitForEvent("tip-hidden", after: before)
        #expect(left["tip"] as? String == "TimeViewTip")
        #expect(left["why"] as? String == "left")
        let presented = try desktop.waitForEvent("presented", after: before)
        #expect(presented["activation_token"] as? String == "feels-test_TIME4242")
        #expect(presented["view"] as? String == "SettingsContentView")
        // On X11 the token becomes the window's startup id, with the time of the click the notification had.
        let window = try #require(presented["window"] as? Int)
        let startup = try runTool(
            "xprop", ["-id", "\(window)", "_NET_STARTUP_ID", "_NET_WM_USER_TIME"], env: ["DISPLAY": desktop.display])
        #expect(startup.stdout.contains("_NET_STARTUP_ID(UTF8_STRING) = \"feels-test_TIME4242\""), "\(startup.stdout)")
        #expect(startup.stdout.contains("_NET_WM_USER_TIME(CARDINAL) = 4242"), "\(startup.stdout)")
        let shown = try desktop.waitForTip("SiriShortcutTip", after: before)
        #expect(shown.view == "SettingsContentView")
        #expect(shown.anchor == "features")
        #expect(shown.title == "Use Siri to Log Moods")
        #expect(shown.onLinux?.contains("keyboard shortcut") == true)
        #expect(try desktop.tip("SiriShortcutTip").displayCount == 1)
    }

    @Test func theBusStartsTheAppForShowTipAndItShowsTheTip() throws {
        let desktop = try FeelsDesktop()
        #expect(desktop.owner(of: FeelsDesktop.appName) == nil)

        try desktop.showTip("CustomizeLayoutTip", activationToken: "feels-test_TIME1")

        let shown = try desktop.waitForTip("CustomizeLayoutTip")
        #expect(shown.view == "CustomizeContentView")
        #expect(shown.presentation == "inline")
        #expect(shown.title == "Personalize Your Experience")
        // The bus started it, from the app's activation file (and the service, for the app's first call).
        let app = try #require(desktop.owner(of: FeelsDesktop.appName))
        #expect(desktop.bus.log.contains { $0.contains("Successfully activated service 'org.feels.Feels'") })
        #expect(try commandLine(of: app).last == "--gapplication-service")
        #expect(try desktop.tip("CustomizeLayoutTip").displayCount == 1)
    }

    @Test func showTipOpensTheViewTheServiceNamesBeforeAnyOtherViewAppears() throws {
        // The view is the tip's location as the service gives it (GetTips), which also spells the id as it should be:
        // no other view appears first, so no other tip is recorded as displayed.
        let desktop = try FeelsDesktop()
        try desktop.showTip("customizelayouttip", activationToken: "feels-test_TIME1")

        let shown = try desktop.waitForTip("CustomizeLayoutTip")
        #expect(shown.view == "CustomizeContentView")
        let views = desktop.events.filter { $0["event"] as? String == "view" }.compactMap { $0["view"] as? String }
        #expect(views == ["CustomizeContentView"])
        #expect(try desktop.tip("CustomizeLayoutTip").displayCount == 1)
        #expect(try desktop.tip("TimeViewTip").displayCount == 0)
    }

    @Test func showTipOfATipTheServiceDoesNotHaveOpensTheWindowAndSaysSo() throws {
        let desktop = try FeelsDesktop()
        try desktop.showTip("NoSuchTip", activationToken: "feels-test_TIME1")

        let unknown = try desktop.waitForEvent("unknown-tip")
        #expect(unknown["tip"] as? String == "NoSuchTip")
        let presented = try desktop.waitForEvent("presented")
        #expect(presented["view"] as? String == "DayView")
    }

    @Test func launchingTheDesktopEntryStartsTheAppByBusActivation() throws {
        let desktop = try FeelsDesktop()

        // GTK's launcher finds the entry by its id in XDG_DATA_DIRS, as GNOME Shell does, and activates the app over
        // the bus, since the entry is DBusActivatable: the bus starts it from its activation file.
        try desktop.launchDesktopEntry()

        let presented = try desktop.waitForEvent("presented")
        #expect(presented["view"] as? String == "DayView")
        #expect((presented["desktop_startup_id"] as? String)?.hasPrefix("gtk4-launch-") == true)
        _ = try desktop.waitForTip("TimeViewTip")
        let app = try #require(desktop.owner(of: FeelsDesktop.appName))
        #expect(desktop.bus.log.contains { $0.contains("Successfully activated service 'org.feels.Feels'") })
        #expect(try commandLine(of: app).last == "--gapplication-service")
    }

    @Test func theTipInThirtyLinesShowsWhenTheDisplayWindowReopens() throws {
        // Another tip first appears, and opens a display window of 2 s: the example's tip waits for TipChanged.
        let desktop = try FeelsDesktop(serviceArguments: ["--display-frequency", "2"])
        #expect(try desktop.tips.presentTip(id: "CustomizeLayoutTip").shown)
        let example = try desktop.start([
            "/usr/bin/python3", Example.path("feels-gtk/tip-in-30-lines.py"),
            Example.path("../dbus/org.feels.Tips1.xml"),
        ])
        defer { example.terminate() }

        #expect(example.readLine(timeout: .seconds(30)) == "Showed TimeViewTip: View Your History")
        let tip = try desktop.tip("TimeViewTip")
        #expect(tip.displayCount == 1)
        // It was shown only once the window let it: at least 2 s after the other tip.
        #expect(tip.firstDisplayed - (try desktop.tip("CustomizeLayoutTip").firstDisplayed) >= 2_000_000)
    }

    @Test func itsLogicPassesItsOwnTestsAgainstTheService() throws {
        // examples/feels-gtk/tests: history, insights and the CSV export; feels_gtk/tips.py against the service (its
        // testing switches, its German catalog); the app's places against the service's catalog.
        let service = try RunningService(environment: Example.serviceEnvironment())
        let app = Example.path("feels-gtk")
        let result = try runTool(
            "/usr/bin/python3", ["-m", "unittest", "discover", "-s", "\(app)/tests", "-t", app],
            env: ["DBUS_SESSION_BUS_ADDRESS": service.bus.address, "PYTHONDONTWRITEBYTECODE": "1", "LANGUAGE": nil],
            timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\nOK\n"), "\(result.stderr)")
    }

    @Test func theGermanCatalogTranslatesEveryWordOfTheSources() throws {
        // The words as xgettext finds them in the sources now, against po/de.po: msgcmp fails for one left out.
        let folder = try TemporaryFolder()
        let app = Example.path("feels-gtk")
        let sources = try FileManager.default.contentsOfDirectory(atPath: "\(app)/feels_gtk")
            .filter { $0.hasSuffix(".py") }.sorted().map { "\(app)/feels_gtk/\($0)" }
        let extract = try runTool(
            "xgettext",
            [
                "--language=Python", "--from-code=UTF-8", "--keyword=_", "--keyword=N_", "--keyword=ngettext:1,2",
                "-o", folder.path("feels-gtk.pot"),
            ] + sources)
        try #require(extract.status == 0, "\(extract.stderr)")
        let compare = try runTool("msgcmp", ["\(app)/po/de.po", folder.path("feels-gtk.pot")])
        #expect(compare.status == 0, "\(compare.stderr)")
    }

    /// An example: the project's `make install`, which the `.deb` installs with, carries nothing of it.
    @Test func neitherTheProjectsInstallNorItsPackageCarriesTheApp() throws {
        let root = Example.folder.deletingLastPathComponent().path
        let rules = try String(contentsOfFile: "\(root)/debian/rules", encoding: .utf8)
        #expect(rules.contains("\t$(MAKE) install PREFIX=/usr DESTDIR=$(CURDIR)/debian/feels-tips"))
        let folder = try TemporaryFolder()
        let install = try runTool(
            "make", ["-C", root, "-n", "install", "PREFIX=/usr", "DESTDIR=\(folder.path("root"))"])
        try #require(install.status == 0, "\(install.stderr)")
        let commands = install.stdout.split(separator: "\n")
        #expect(commands.contains { $0.contains("org.feels.Tips.desktop") }, "\(install.stdout)")
        #expect(
            !commands.contains {
                $0.contains("examples") || $0.contains("feels-gtk") || $0.contains("org.feels.Feels")
            },
            "\(install.stdout)")
    }

    @Test func theDesktopEntryIsValid() throws {
        let desktop = try FeelsDesktop()
        let result = try runTool("desktop-file-validate", [desktop.desktopEntry])
        #expect(result.status == 0)
        #expect(result.stdout + result.stderr == "", "\(result.stdout)\(result.stderr)")
        let entry = try String(contentsOfFile: desktop.desktopEntry, encoding: .utf8)
        #expect(entry.contains("DBusActivatable=true"))
        #expect(entry.contains("Exec=\(desktop.prefix.path)/bin/feels-gtk\n"))
    }
}
