import BusTestSupport
import DBus
import FeelsSystem
import Foundation
import Testing
import TipsCommand
import TipsInterface

/// `status`, and `notifications` with the notifier's settings file.
@Suite("status and notifications")
struct StatusAndNotificationsTests {
    @Test func statusShowsTheServiceItsParametersAndTheNotifiersSetting() throws {
        let service = try RunningService(environment: ["TZ": "Europe/Berlin"])
        _ = try service.tips.logMood(mood: "great")

        let result = try FeelsTips.run(.status, on: service)
        let bare = try FeelsTips.run([], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        #expect(bare.stdout == result.stdout, "status is the default command")
        let settings = FeelsTips.configHome(of: service) + "/feels/notifier.conf"
        for line in [
            "Service: feels-tipsd \(FeelsTipsVersion.current) (org.feels.Tips on the bus at '\(service.bus.address)')",
            "Datastore: \(service.datastore)", "Time zone: Europe/Berlin", "Display frequency: daily",
            "Next new tip: now", "Testing switch: none", "mood-log-count: 1", "has-logged-moods: 1",
            "has-seen-settings: false", "days-using-app: 1", "current-streak: 1",
            "Tip notifications: on (feels-tips-notifier's setting, by default: \(settings) does not exist)",
        ] {
            #expect(
                result.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line },
                "missing '\(line)' in:\n\(result.stdout)")
        }
        // The labels end in one column.
        let colons = Set(
            result.stdout.split(separator: "\n").compactMap { line in
                line.firstIndex(of: ":").map { line.distance(from: line.startIndex, to: $0) }
            })
        #expect(colons.count == 1, "\(result.stdout)")
    }

    @Test func statusSaysWhenTheNextNewTipMayAppearInLocalTime() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")
        let next = try service.tips.nextDisplayTime()

        let result = try FeelsTips.run(.status, on: service, environment: ["TZ": "Asia/Kolkata"])

        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("Next new tip:") })
        #expect(line.contains(ReadingTipsTests.localTime(next, zone: "Asia/Kolkata") + " IST (in 23 h"), "\(line)")
    }

    @Test func statusInJSONGivesEveryPropertyAndTheNotificationsSetting() throws {
        let service = try RunningService()
        try service.tips.settingsViewed()
        let properties = try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface)
        #expect(properties.count == Tips1.Property.allCases.count)

        let result = try FeelsTips.run(.status, ["--json"], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        let object = try FeelsTips.object(result)
        #expect(object["feels_tips_version"] as? String == FeelsTipsVersion.current)
        let reported = try #require(object["properties"] as? [String: Any])
        #expect(Set(reported.keys) == Set(properties.keys))
        #expect(reported[.hasSeenSettings] as? Bool == true)
        #expect(reported[.moodLogCount] as? Int == 0)
        #expect(reported[.datastore] as? String == service.datastore)
        #expect(reported[.nextDisplayTime] as? Int == 0)
        #expect(reported[.version] as? Int == 1)
        #expect(reported[.serviceVersion] as? String == FeelsTipsVersion.current)
        #expect(object["testing_switch"] as? String == "")
        let notifications = try #require(object["notifications"] as? [String: Any])
        #expect(notifications["enabled"] as? Bool == true)
        #expect(notifications["path"] as? String == FeelsTips.configHome(of: service) + "/feels/notifier.conf")
        #expect(notifications["error"] is NSNull)
    }

    /// The testing switches are served only by `feels-tipsd --testing`; `status` says so rather than failing.
    @Test func statusSaysTheTestingSwitchIsNotServedWithoutTesting() throws {
        let service = try RunningService(testing: false)

        let text = try FeelsTips.run(.status, on: service)
        let json = try FeelsTips.run(.status, ["--json"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(
            text.stdout.contains("Testing switch: not served (only 'feels-tipsd --testing' serves the switches)\n"),
            "\(text.stdout)")
        #expect(json.status == 0, "\(json.transcript)")
        #expect(try FeelsTips.object(json)["testing_switch"] is NSNull)
    }

    @Test func notificationsOffWritesTheFileAndStatusReportsIt() throws {
        let service = try RunningService()
        let path = FeelsTips.configHome(of: service) + "/feels/notifier.conf"

        let off = try FeelsTips.run(["notifications", "off"], on: service)

        #expect(off.status == 0, "\(off.transcript)")
        #expect(off.stdout == "Tip notifications are off; feels-tips-notifier follows \(path) at once.\n")
        #expect(try SettingsFileState(path: path).settings == NotificationSettings(enabled: false))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let shown = try FeelsTips.run(["notifications"], on: service)
        #expect(shown.stdout == "Tip notifications are off (\(path)).\n")
        let status = try FeelsTips.run(.status, on: service)
        #expect(
            status.stdout.contains("Tip notifications: off (feels-tips-notifier's setting, \(path))"),
            "\(status.stdout)")
        let statusJSON = try FeelsTips.object(try FeelsTips.run(.status, ["--json"], on: service))
        #expect((statusJSON["notifications"] as? [String: Any])?["enabled"] as? Bool == false)

        let on = try FeelsTips.run(["--json", "notifications", "on"], on: service)
        #expect(on.status == 0, "\(on.transcript)")
        let object = try FeelsTips.object(on)
        #expect(object["enabled"] as? Bool == true)
        #expect(object["path"] as? String == path)
        #expect(try SettingsFileState(path: path).settings == NotificationSettings(enabled: true))
    }

    @Test func notificationsNeedNeitherTheBusNorTheService() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feels-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment: [String: String?] = ["XDG_CONFIG_HOME": folder.path, "DBUS_SESSION_BUS_ADDRESS": nil]

        let off = try FeelsTips.run(["notifications", "off"], environment: environment)
        let shown = try FeelsTips.run(["notifications", "--json"], environment: environment)

        #expect(off.status == 0, "\(off.transcript)")
        #expect(shown.status == 0, "\(shown.transcript)")
        #expect(try FeelsTips.object(shown)["enabled"] as? Bool == false)
        #expect(
            try SettingsFileState(path: folder.path + "/feels/notifier.conf").settings
                == NotificationSettings(enabled: false))
    }

    @Test func aSettingsFileThatCannotBeReadFailsNotificationsButNotStatus() throws {
        let service = try RunningService()
        let folder = FeelsTips.configHome(of: service) + "/feels"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[Notifications]\nEnabled=maybe\n".write(
            toFile: folder + "/notifier.conf", atomically: true, encoding: .utf8)

        let notifications = try FeelsTips.run(["notifications"], on: service)
        let status = try FeelsTips.run(.status, on: service)
        let json = try FeelsTips.run(.status, ["--json"], on: service)

        #expect(notifications.status == 1)
        #expect(notifications.stderr.contains("Enabled is 'maybe'; expected true or false"), "\(notifications.stderr)")
        #expect(status.status == 0, "\(status.transcript)")
        // The notifier shows nothing while its file cannot be used; status says so rather than "unknown".
        #expect(
            status.stdout.contains(
                "Tip notifications: off (feels-tips-notifier shows nothing while its setting cannot be used: Settings '"
            ),
            "\(status.stdout)")
        let reported = try #require(try FeelsTips.object(json)["notifications"] as? [String: Any])
        #expect(reported["enabled"] as? Bool == false)
        #expect((reported["error"] as? String)?.contains("maybe") == true)
    }

    // The notifier and status once read a Windows file, a byte order mark or a long file differently.
    @Test(arguments: [
        ("Windows line endings", "[Notifications]\r\nEnabled=false\r\n"),
        ("a byte order mark", "\u{FEFF}[Notifications]\nEnabled=false\n"),
        ("the line after 64 KiB", String(repeating: "# padding\n", count: 7_000) + "[Notifications]\nEnabled=false\n"),
    ])
    func statusAndNotificationsReadOffWhateverTheFileLooksLike(_ what: String, _ text: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.path("feels/notifier.conf")
        try FileManager.default.createDirectory(atPath: folder.path("feels"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let environment: [String: String?] = ["XDG_CONFIG_HOME": folder.url.path, "DBUS_SESSION_BUS_ADDRESS": nil]

        let shown = try FeelsTips.run(["notifications"], environment: environment)

        #expect(shown.status == 0, "\(what): \(shown.transcript)")
        #expect(shown.stdout == "Tip notifications are off (\(file)).\n", "\(what)")
    }

    @Test func statusSaysOffForTheSameFileTheNotifierReadsAsOff() throws {
        let service = try RunningService()
        let folder = FeelsTips.configHome(of: service) + "/feels"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("\u{FEFF}# Feels\r\n[Notifications]\r\nEnabled=false\r\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/notifier.conf"))

        let status = try FeelsTips.run([CommandName.status.rawValue], on: service)

        #expect(
            status.stdout.contains("Tip notifications: off (feels-tips-notifier's setting, \(folder)/notifier.conf)"),
            "\(status.stdout)")
    }

    // A FIFO as notifier.conf once blocked feels-tips status in open().
    @Test func aFIFOAsTheSettingsFileIsNamedAtOnceAndNeverWaitedOn() throws {
        let service = try RunningService()
        let folder = FeelsTips.configHome(of: service) + "/feels"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/notifier.conf"
        #expect(mkfifo(file, 0o600) == 0)
        let started = ContinuousClock.now

        let status = try FeelsTips.run([CommandName.status.rawValue], on: service)
        let shown = try FeelsTips.run(["notifications"], on: service)
        let off = try FeelsTips.run(["notifications", "off"], on: service)

        #expect(ContinuousClock.now - started < .seconds(10))
        let reason = "Cannot read settings '\(file)': it is a FIFO, not a regular file"
        #expect(status.status == 0, "\(status.transcript)")
        #expect(
            status.stdout.contains(
                "off (feels-tips-notifier shows nothing while its setting cannot be used: \(reason))"))
        #expect(shown.status == 1)
        #expect(shown.stderr.contains(reason), "\(shown.transcript)")
        #expect(off.status == 1)
        #expect(
            off.stderr.contains("Cannot write settings '\(file)': it is a FIFO, not a regular file"),
            "\(off.transcript)")
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is left alone")
    }

    // `notifications off` once replaced a symlinked notifier.conf (dotfiles) with a plain file.
    @Test func notificationsOffWritesThroughADotfilesLinkAndKeepsIt() throws {
        let home = try TemporaryFolder()
        let dotfiles = home.path("dotfiles/feels")
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try Data("[Notifications]\nEnabled=true\n".utf8).write(to: URL(fileURLWithPath: dotfiles + "/notifier.conf"))
        try FileManager.default.createDirectory(atPath: home.path("config"), withIntermediateDirectories: true)
        // GNU Stow's way: the folder is the link.
        try FileManager.default.createSymbolicLink(
            atPath: home.path("config/feels"), withDestinationPath: "../dotfiles/feels")
        let fileLink = home.path("config/feels/notifier.conf")
        // And a link for the file itself, as chezmoi's or yadm's symlink mode makes.
        try FileManager.default.moveItem(
            atPath: dotfiles + "/notifier.conf", toPath: home.path("dotfiles/notifier.conf"))
        try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: "../notifier.conf")
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.path("config"), "DBUS_SESSION_BUS_ADDRESS": nil]

        let off = try FeelsTips.run(["notifications", "off"], environment: environment)

        #expect(off.status == 0, "\(off.transcript)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: home.path("config/feels")) == "../dotfiles/feels")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fileLink) == "../notifier.conf")
        let target = try String(contentsOfFile: home.path("dotfiles/notifier.conf"), encoding: .utf8)
        #expect(target.contains("Enabled=false"), "\(target)")
        let shown = try FeelsTips.run(["notifications"], environment: environment)
        #expect(shown.stdout == "Tip notifications are off (\(fileLink)).\n")
    }
}
