import BusTestSupport
import DBus
import Foundation
import Testing

/// The service speaks the user's language and follows the user's time zone while it runs.
@Suite("Language and time zone")
struct LanguageAndTimeZoneTests {
    @Test func aTipComesBackInGermanUnderAGermanLocale() throws {
        let service = try RunningService(environment: try Translations.environment(locale: "de_DE.UTF-8"))
        let tip = try service.tip("TimeViewTip")
        #expect(tip["title"] == .string("Sieh dir deinen Verlauf an"))
        #expect(tip["message"]?.stringValue?.hasPrefix("Wechsle zwischen Tages-, Monats- und Jahresansicht") == true)
        #expect(tip["locale"] == .string("de_DE.UTF-8"))
        let titles = try #require(try service.call("ListTips").first?.arrayValue).compactMap {
            $0.vardictValue?["title"]?.stringValue
        }
        #expect(titles.first == "Personalisiere dein Erlebnis")
        #expect(titles.count == 7 && !titles.contains("View Your History"))
    }

    @Test func underAGermanLocaleTheServiceLoadsOnlyTheCategoriesMessagesNeed() throws {
        let service = try RunningService(environment: try Translations.environment(locale: "de_DE.UTF-8"))
        #expect(try service.tip("TimeViewTip")["title"] == .string("Sieh dir deinen Verlauf an"))
        let pid = try #require(service.servicePID)
        // Through cat: Foundation may stop reading a /proc file, whose size reads as 0, after its first page.
        let maps = try runTool("cat", ["/proc/\(pid)/maps"]).stdout
        let categories = Set(
            maps.split(separator: "\n").compactMap { line -> String? in
                guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                    path.contains("de_DE.UTF-8/")
                else { return nil }
                return path.split(separator: "/").last.map(String.init)
            })
        // The C library maps a category's file or reads a small one (LC_MESSAGES/SYS_LC_MESSAGES); the collation
        // tables a full locale maps alone hold 2.3 MiB.
        #expect(categories.contains("LC_CTYPE"), "the maps were read: \(categories.sorted())")
        #expect(categories.isSubset(of: ["LC_CTYPE", "SYS_LC_MESSAGES"]), "\(categories.sorted())")
    }

    @Test(arguments: ["C", "C.UTF-8", "en_US.UTF-8"])
    func theSeedsEnglishWordsComeBackUnderCOrEnglish(_ locale: String) throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = locale
        let service = try RunningService(environment: environment)
        let tip = try service.tip("SiriShortcutTip")
        #expect(tip["title"] == .string("Use Siri to Log Moods"))
        #expect(tip["message"] == .string("Say 'Hey Siri, log my mood as great in Feels' for hands-free logging."))
    }

    @Test func anAppInAnotherLocaleAsksForTheTipInItsOwn() throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = "C"
        let service = try RunningService(environment: environment)
        let german = try #require(
            try service.call("GetLocalizedTip", [.string("MoodStreakTip"), .string("de_DE.UTF-8")]).first?.vardictValue)
        #expect(german["title"] == .string("Bau deine Serie aus!"))
        #expect(german["locale"] == .string("de_DE.UTF-8"))
        let all = try #require(try service.call("ListLocalizedTips", [.string("de_DE.UTF-8")]).first?.arrayValue)
        #expect(all.compactMap { $0.vardictValue?["title"]?.stringValue }.last == "Bau deine Serie aus!")
        // A locale this system does not have gives the service's own words, and says which.
        let unknown = try #require(
            try service.call("GetLocalizedTip", [.string("MoodStreakTip"), .string("xx_YY.UTF-8")]).first?.vardictValue)
        #expect(unknown["title"] == .string("Build Your Streak!"))
        #expect(unknown["locale"] == .string("C"))
        #expect(try service.tip("MoodStreakTip")["title"] == .string("Build Your Streak!"))
    }

    @Test func aTimeZoneTheSystemDoesNotKnowIsSaidToCountInUTC() throws {
        let service = try RunningService(environment: ["TZ": "Mars/Olympus_Mons"])
        #expect(try service.property("TimeZone") == .string("UTC"))
        #expect(service.stop() == .exited(0))
        #expect(
            service.lastLog.contains {
                $0.contains(
                    "TZ is 'Mars/Olympus_Mons', which is neither in the time zone database nor a POSIX time zone")
            }, "\(service.lastLog)")
    }

    // The zone file replaced while the service runs (as timedatectl set-timezone replaces /etc/localtime) takes effect
    // at once. Kiritimati (UTC+14) is always a calendar day or two ahead of Pago Pago (UTC-11).
    @Test func replacingTheZoneFileWhileRunningMovesTodayAtOnce() throws {
        let folder = try TemporaryFolder()
        let link = folder.path("localtime")
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "/usr/share/zoneinfo/Pacific/Pago_Pago")
        let service = try RunningService(environment: ["TZ": link])
        #expect(try service.property("TimeZone") == .string("Pacific/Pago_Pago"))
        try service.call("LogMood", [.string("good")])
        #expect(try service.property("DaysUsingApp") == .uint32(1))
        service.clearSignals()

        let replacement = folder.path("localtime.new")
        try FileManager.default.createSymbolicLink(
            atPath: replacement, withDestinationPath: "/usr/share/zoneinfo/Pacific/Kiritimati")
        #expect(rename(replacement, link) == 0)

        #expect(service.waitForSignals { _ in service.statusChanges.contains { $0.id == "WidgetVotingTip" } })
        #expect(
            service.statusChanges.filter { $0.id == "WidgetVotingTip" } == [
                .init(id: "WidgetVotingTip", status: "available")
            ])
        let changed = Dictionary(service.changedProperties, uniquingKeysWith: { _, last in last })
        #expect(changed["TimeZone"] == .string("Pacific/Kiritimati"))
        #expect((changed["DaysUsingApp"]?.uint32Value ?? 0) >= 2)
        #expect(try service.property("TimeZone") == .string("Pacific/Kiritimati"))
    }
}
