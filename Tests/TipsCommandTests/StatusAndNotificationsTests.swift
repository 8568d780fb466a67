import BusTestSupport
import DBus
import FeelsSystem
import Foundation
import Testing
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
        #expect(try NotificationSettings.load(from: path) == NotificationSettings(enabled: false))
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
        #expect(try NotificationSettings.load(from: path) == NotificationSettings(enabled: true))
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
            try NotificationSettings.load(from: folder.path + "/feels/notifier.conf")
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
        #expect(status.stdout.contains("Tip notifications: unknown: Settings '"), "\(status.stdout)")
        let reported = try #require(try FeelsTips.object(json)["notifications"] as? [String: Any])
        #expect(reported["enabled"] is NSNull)
        #expect((reported["error"] as? String)?.contains("maybe") == true)
    }
}
