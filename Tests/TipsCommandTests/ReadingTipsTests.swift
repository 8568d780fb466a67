import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// `tips`, `show`, `why` and `next` against the real service, in text and in JSON.
@Suite("Reading tips: tips, show, why, next")
struct ReadingTipsTests {
    static let catalog = [
        "CustomizeLayoutTip", "AIInsightsTip", "SiriShortcutTip", "HealthKitSyncTip", "WidgetVotingTip",
        "TimeViewTip", "MoodStreakTip",
    ]

    @Test func tipsListsEveryTipInAlignedColumnsWithItsStatusLocationAndDisplays() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")

        let result = try FeelsTips.run(["tips"], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + Self.catalog.count)
        #expect(lines.first?.split(separator: " ") == ["ID", "STATUS", "LOCATION", "DISPLAYS"])
        #expect(lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) } == Self.catalog)
        let header = try #require(lines.first)
        for line in lines {
            #expect(!line.hasSuffix(" "), "trailing space in '\(line)'")
            #expect(line.count == header.count, "the displays column is right-aligned under its header: '\(line)'")
        }
        // Each column starts where its header does.
        for column in ["STATUS", "LOCATION"] {
            let start = try #require(header.range(of: column)).lowerBound.utf16Offset(in: header)
            for line in lines.dropFirst() {
                let index = line.index(line.startIndex, offsetBy: start)
                #expect(line[line.index(before: index)] == " " && line[index] != " ", "'\(line)'")
            }
        }
        #expect(lines[1].split(separator: " ") == ["CustomizeLayoutTip", "available", "CustomizeContentView", "1"])
        #expect(lines[3].split(separator: " ") == ["SiriShortcutTip", "pending", "SettingsContentView", "0"])
    }

    @Test func tipsInJSONIsAnArrayOfEveryTipAsGetTipsGivesIt() throws {
        let service = try RunningService()
        try service.tips.invalidateTip(id: "TimeViewTip", reason: "tipClosed")

        let result = try FeelsTips.run(["tips", "--json"], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        let tips = try #require(try FeelsTips.json(result) as? [[String: Any]])
        #expect(tips.compactMap { $0[.id] as? String } == Self.catalog)
        let timeView = try #require(tips.first { $0[.id] as? String == "TimeViewTip" })
        #expect(timeView[.status] as? String == "invalidated")
        #expect(timeView[.invalidationReason] as? String == "tip-closed")
        #expect(timeView[.shouldDisplay] as? Bool == false)
        #expect(timeView[.displayCount] as? Int == 0)
        #expect(timeView[.iconNames] as? [String] == ["x-office-calendar-symbolic", "x-office-calendar"])
        #expect(timeView[.language] as? String == "")
        let siri = try #require(tips.first { $0[.id] as? String == "SiriShortcutTip" })
        let rules = try #require(siri[.rules] as? [[String: Any]])
        #expect(rules.first?[.parameter] as? String == "mood-log-count")
        #expect(rules.first?[.threshold] as? Int == 3)
        #expect(rules.first?[.satisfied] as? Bool == false)
        #expect(Set(siri.keys) == Set(try Self.wireTip("SiriShortcutTip", on: service).keys))
    }

    @Test func showPrintsEverythingGetTipsGivesReadably() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "good")

        let result = try FeelsTips.run(["show", "siriShortcutTip"], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        let text = result.stdout
        #expect(text.hasPrefix("SiriShortcutTip: Use Siri to Log Moods\n"))
        #expect(text.contains("Say 'Hey Siri, log my mood as great in Feels' for hands-free logging."))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in [
            "Status: pending", "Location: SettingsContentView",
            "Icons: audio-input-microphone-symbolic, audio-input-microphone, audio-microphone (SF Symbol mic.fill)",
            "Notification: Log Moods from Anywhere: Log your mood without opening Feels: give 'feels-tips log great' "
                + "a keyboard shortcut.",
            "Displays: 0", "First displayed: never", "Last displayed: never", "Notified: never",
            "Max displays: no limit", "Display window: applies", "Should display: no", "Testing switch: none",
            "Rules: mood-log-count >= 3 (now 1): does not hold", "Held back: no",
            "Explanation: Waiting for mood-log-count >= 3 (now 1).", "Language: the Feels app's own English",
        ] {
            #expect(lines.contains(line), "missing '\(line)' in:\n\(text)")
        }
    }

    @Test func showInJSONIsTheTipWithGetTipsKeysAndValues() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "good")
        _ = try service.tips.presentNextTip(location: "")
        let expected = try service.tip("CustomizeLayoutTip")

        let result = try FeelsTips.run(["--json", "show", "CustomizeLayoutTip"], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        let tip = try FeelsTips.object(result)
        #expect(Set(tip.keys) == Set(try Self.wireTip("CustomizeLayoutTip", on: service).keys))
        #expect(tip[.title] as? String == expected.title)
        #expect(tip[.notificationBody] as? String == expected.notificationBody)
        #expect(tip[.iconNames] as? [String] == expected.iconNames)
        #expect(tip[.displayCount] as? Int == 1)
        #expect((tip[.firstDisplayed] as? NSNumber)?.int64Value == expected.firstDisplayed)
        #expect(tip[.ignoresDisplayFrequency] as? Bool == false)
        #expect(tip[.explanation] as? String == expected.explanation)
    }

    /// A tip claimed for a desktop notification is held back from apps while the notification is on screen, and
    /// counts as notified: `show` says both.
    @Test func showSaysATipOnScreenAsANotificationIsHeldBackByItAndWhenItWasNotified() throws {
        let service = try RunningService(environment: ["TZ": "UTC"])
        _ = try service.tips.logMood(mood: "great")
        let claim = try service.tips.claimNotificationTip()
        #expect(claim.id == "CustomizeLayoutTip")
        let notifiedAt = try service.tip("CustomizeLayoutTip").notifiedAt

        let result = try FeelsTips.run(["show", "CustomizeLayoutTip"], on: service, environment: ["TZ": "UTC"])

        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Held back: by its desktop notification, while it is on screen"), "\(result.stdout)")
        #expect(
            lines.contains("Notified: \(Self.localTime(notifiedAt, zone: "UTC", weekday: true)) UTC"),
            "\(result.stdout)")
        #expect(lines.contains("Should display: no"), "\(result.stdout)")
    }

    @Test(arguments: [["show", "NoSuchTip"], ["why", "NoSuchTip"], ["--json", "show", "NoSuchTip"]])
    func anUnknownTipGetsTheServicesMessageAndStatusOne(arguments: [String]) throws {
        let service = try RunningService()
        let result = try FeelsTips.run(arguments, on: service)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "feels-tips: No tip is named 'NoSuchTip'; expected one of CustomizeLayoutTip, AIInsightsTip, "
                + "SiriShortcutTip, HealthKitSyncTip, WidgetVotingTip, TimeViewTip, MoodStreakTip\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func whySaysEachRuleWithItsValueAndWhetherItHolds() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "good")

        let result = try FeelsTips.run(["why", "SiriShortcutTip"], on: service)

        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "SiriShortcutTip is pending: a rule does not hold.")
        let rule = try #require(lines.first { $0.contains("mood-log-count >= 3") })
        #expect(rule.split(separator: " ").joined(separator: " ") == "mood-log-count >= 3 now 1 does not hold")
        #expect(lines.contains { $0.hasPrefix("Display window: it lets a new tip appear now") })
        #expect(lines.last == "Explanation: Waiting for mood-log-count >= 3 (now 1).")
    }

    /// TipKit: a tip's first appearance opens a window of one display frequency, in which no other tip may first
    /// appear; `why` says so, and until when, in the local time of TZ.
    @Test(arguments: ["UTC", "Asia/Kolkata", "America/Santiago"])
    func whySaysTheDisplayWindowHoldsATipBackUntilALocalTime(zone: String) throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")
        let presented = try service.tips.presentNextTip(location: "")
        #expect(presented.shown && presented.tip?.id == "CustomizeLayoutTip")
        let heldUntil = try service.tip("TimeViewTip").heldUntil
        #expect(heldUntil > 0)

        let result = try FeelsTips.run(["why", "TimeViewTip"], on: service, environment: ["TZ": zone])

        #expect(result.status == 0, "\(result.transcript)")
        let window = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Display window:") })
        #expect(window.contains("it holds the tip back"))
        #expect(window.contains("display frequency (daily)"))
        #expect(window.contains(Self.localTime(heldUntil, zone: zone)), "\(window)")
        #expect(window.contains("(in 23 h"), "\(window)")
        #expect(result.stdout.hasPrefix("TimeViewTip is available: every rule holds, but it should not display now."))

        let json = try FeelsTips.object(try FeelsTips.run(["why", "TimeViewTip", "--json"], on: service))
        #expect(json[.heldBackBy] as? String == "display-window")
        #expect((json[.heldUntil] as? NSNumber)?.int64Value == heldUntil)
        #expect((json["next_display_time"] as? NSNumber)?.int64Value == heldUntil)
        #expect(json["display_frequency"] as? String == "daily")
        #expect(json[.shouldDisplay] as? Bool == false)
        #expect((json[.explanation] as? String)?.hasPrefix("Ready, but another tip appeared recently") == true)
    }

    @Test func whyInJSONGivesEachRuleAndTheExplanation() throws {
        let service = try RunningService()
        try service.tips.settingsViewed()
        let result = try FeelsTips.run(["--json", "why", "healthkitsynctip"], on: service)
        #expect(result.status == 0, "\(result.transcript)")
        let json = try FeelsTips.object(result)
        #expect(json[.id] as? String == "HealthKitSyncTip")
        #expect(json[.status] as? String == "available")
        let rules = try #require(json[.rules] as? [[String: Any]])
        #expect(rules.count == 1)
        #expect(rules.first?[.parameter] as? String == "has-seen-settings")
        #expect(rules.first?[.value] as? Bool == true)
        #expect(rules.first?[.satisfied] as? Bool == true)
        #expect(json[.explanation] as? String == "Every rule holds; ready to show.")
        #expect((json["next_display_time"] as? NSNumber)?.int64Value == 0)
    }

    @Test func nextNamesTheTipPresentNextTipWouldShowAndRecordsNothing() throws {
        let service = try RunningService()
        _ = try service.tips.logMood(mood: "great")

        let text = try FeelsTips.run(["next"], on: service)
        let json = try FeelsTips.run(["next", "--json"], on: service)

        #expect(text.status == 0, "\(text.transcript)")
        #expect(text.stdout == "CustomizeLayoutTip: Personalize Your Experience\n")
        #expect(json.status == 0, "\(json.transcript)")
        let object = try FeelsTips.object(json)
        #expect(object[.id] as? String == "CustomizeLayoutTip")
        #expect(object[.location] as? String == "")
        #expect((object["tip"] as? [String: Any])?[.title] as? String == "Personalize Your Experience")
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "CustomizeLayoutTip")
    }

    @Test func nextWithNoTipToShowPrintsNothingOnStandardOutputAndExitsFour() throws {
        let service = try RunningService(environment: ["TZ": "UTC"])
        _ = try service.tips.logMood(mood: "great")
        _ = try service.tips.presentNextTip(location: "")
        let next = try service.tips.nextDisplayTime()

        let text = try FeelsTips.run(["next", "dayview"], on: service, environment: ["TZ": "UTC"])
        let json = try FeelsTips.run(["next", "DayView", "--json"], on: service)

        #expect(text.status == 4, "\(text.transcript)")
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.hasPrefix("feels-tips: No tip to show now at dayview."), "\(text.stderr)")
        #expect(
            text.stderr.contains("until \(Self.localTime(next, zone: "UTC", weekday: true)) UTC."), "\(text.stderr)")
        #expect(json.status == 4, "\(json.transcript)")
        let object = try FeelsTips.object(json)
        #expect(object[.id] is NSNull)
        #expect(object["tip"] is NSNull)
        #expect(object[.location] as? String == "DayView")
        let presented = try service.tips.presentNextTip(location: "DayView")
        #expect(!presented.shown && presented.tip == nil)
    }

    @Test func nextAtAPlaceThatIsNoTipLocationPassesOnTheServicesRefusal() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["next", "Kitchen"], on: service)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("feels-tips: 'Kitchen' is not a tip location"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// One tip as the service sends it, every key it sends, through `GetTips` called with raw arguments.
    static func wireTip(_ id: String, on service: RunningService) throws -> [String: DBusValue] {
        let reply = try service.call(.getTips, [.array("s", [.string(id)]), .vardict([])])
        return try #require(reply.first?.arrayValue?.first?.vardictValue)
    }

    /// `2026-12-01 17:11:37` (or `Tue 2026-12-01 17:11:37`), the local time in `zone` for microseconds since the
    /// epoch.
    static func localTime(_ microseconds: Int64, zone: String, weekday: Bool = false) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = (weekday ? "EEE " : "") + "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(microseconds / 1_000_000)))
    }
}
