import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// The service speaks the user's language and follows the user's time zone while it runs.
@Suite("Language and time zone")
struct LanguageAndTimeZoneTests {
    /// A service in the C locale that has the project's catalogs and no locale but C installed: the words of any
    /// other language come from the `languages` option and the catalogs alone.
    static func catalogsOnly() throws -> [String: String?] {
        [
            "LANG": "C", "LC_ALL": nil, "LC_MESSAGES": nil, "LANGUAGE": nil, "LOCPATH": nil,
            "TEXTDOMAINDIR": try Translations.catalogFolder(),
        ]
    }

    /// One list of languages, the title of MoodStreakTip it must give, and the language the reply must name.
    struct Languages: Sendable, CustomTestStringConvertible {
        let names: [String]
        let title: String
        let language: String
        var testDescription: String { "\(names)" }

        static let german = "Bau deine Serie aus!"
        static let english = "Build Your Streak!"
    }

    static let lists = [
        Languages(names: ["de"], title: Languages.german, language: "de"),
        Languages(names: ["de-DE"], title: Languages.german, language: "de-DE"),
        Languages(names: ["de_DE.UTF-8"], title: Languages.german, language: "de_DE.UTF-8"),
        Languages(names: ["de_AT"], title: Languages.german, language: "de_AT"),
        // Fallback through the list: French has no catalog, German has.
        Languages(names: ["fr_FR.UTF-8", "de"], title: Languages.german, language: "de"),
        Languages(names: ["fr_FR.UTF-8", "fr", "de-DE", "de"], title: Languages.german, language: "de-DE"),
        // C and English are the seed's own words, and end the search.
        Languages(names: ["C"], title: Languages.english, language: ""),
        Languages(names: ["en_US.UTF-8", "de"], title: Languages.english, language: ""),
        Languages(names: ["en"], title: Languages.english, language: ""),
        // A language with no catalog, and nothing after it: the seed's English, said to be so.
        Languages(names: ["xx"], title: Languages.english, language: ""),
        Languages(names: ["fr_FR.UTF-8"], title: Languages.english, language: ""),
    ]

    @Test(arguments: lists)
    func theLanguagesOptionIsTriedNameByNameAndTheReplyNamesTheLanguageUsed(_ list: Languages) throws {
        let service = try RunningService(environment: try Self.catalogsOnly())
        let tip = try #require(
            try service.tips.getTips(ids: ["MoodStreakTip"], options: .init(languages: list.names)).first)
        #expect(tip.title == list.title)
        #expect(tip.language == list.language)
        let presented = try service.tips.presentTip(
            id: "MoodStreakTip", options: .init(languages: list.names, record: false))
        #expect(presented.tip.title == list.title && presented.tip.language == list.language)
    }

    @Test func underAGermanServiceTheCallersLanguagesDecideAndNoneGivesTheServicesOwn() throws {
        let service = try RunningService(environment: try Translations.environment(locale: "de_DE.UTF-8"))
        func words(_ languages: [String]?) throws -> (String, String) {
            let tip = try service.tip("MoodStreakTip", languages: languages)
            return (tip.title, tip.language)
        }
        #expect(try words(nil) == (Languages.german, "de_DE.UTF-8"))
        #expect(try words([]) == (Languages.german, "de_DE.UTF-8"))
        #expect(try words(["C"]) == (Languages.english, ""))
        #expect(try words(["en_US.UTF-8", "de"]) == (Languages.english, ""))
        // A list that names only languages without a catalog gives the seed's words, not the service's: the reply
        // says so, and the app may ask again with the language it would rather fall back to.
        #expect(try words(["xx_YY.UTF-8"]) == (Languages.english, ""))
    }

    @Test func aTipComesBackInGermanUnderAGermanLocale() throws {
        let service = try RunningService(environment: try Translations.environment(locale: "de_DE.UTF-8"))
        let tip = try service.tip("TimeViewTip")
        #expect(tip.title == "Sieh dir deinen Verlauf an")
        #expect(tip.message.hasPrefix("Wechsle zwischen Tages-, Monats- und Jahresansicht"))
        #expect(tip.language == "de_DE.UTF-8")
        let titles = try service.tips.getTips(ids: []).map(\.title)
        #expect(titles.first == "Personalisiere dein Erlebnis")
        #expect(titles.count == 7 && !titles.contains("View Your History"))
    }

    @Test func underAGermanLocaleTheServiceLoadsOnlyTheCategoriesMessagesNeed() throws {
        let service = try RunningService(environment: try Translations.environment(locale: "de_DE.UTF-8"))
        #expect(try service.tip("TimeViewTip").title == "Sieh dir deinen Verlauf an")
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
        #expect(tip.title == "Use Siri to Log Moods")
        #expect(tip.message == "Say 'Hey Siri, log my mood as great in Feels' for hands-free logging.")
        #expect(tip.language == "")
    }

    /// Was `GetLocalizedTip` and `ListLocalizedTips`: the `languages` option of `GetTips`.
    @Test func anAppInAnotherLocaleAsksForTheTipInItsOwn() throws {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        environment["LANG"] = "C"
        let service = try RunningService(environment: environment)
        let german = try service.tip("MoodStreakTip", languages: ["de_DE.UTF-8"])
        #expect(german.title == Languages.german)
        #expect(german.language == "de_DE.UTF-8")
        let all = try service.tips.getTips(ids: [], options: .init(languages: ["de_DE.UTF-8"]))
        #expect(all.last?.title == Languages.german)
        // A language this service has no catalog for gives the seed's words, and says so (0.1.0 said "C").
        let unknown = try service.tip("MoodStreakTip", languages: ["xx_YY.UTF-8"])
        #expect(unknown.title == Languages.english)
        #expect(unknown.language == "")
        #expect(try service.tip("MoodStreakTip").title == Languages.english)
    }

    // Every method that answers words takes the languages: the app never needs a second call for them.
    @Test func everyMethodThatAnswersWordsTakesTheLanguages() throws {
        let service = try RunningService(
            arguments: ["--display-frequency", "immediate"], environment: try Self.catalogsOnly())
        let languages = ["fr", "de-DE"]
        let next = try service.tips.presentNextTip(location: "DayView", options: .init(languages: languages))
        #expect(next.tip?.title == "Sieh dir deinen Verlauf an" && next.tip?.language == "de-DE")
        let present = try service.tips.presentTip(id: "TimeViewTip", options: .init(languages: languages))
        #expect(present.tip.title == "Sieh dir deinen Verlauf an" && present.tip.language == "de-DE")
        try service.tips.logMood(mood: "good")
        let claim = try service.tips.claimNotificationTip(options: .init(languages: languages))
        #expect(claim.id == "CustomizeLayoutTip")
        #expect(claim.tip?.notificationTitle == "Personalisiere dein Erlebnis" && claim.tip?.language == "de-DE")
    }

    // Ever-new locale names once grew the service for good; a language name with no catalog now costs
    // a failed open and nothing that lasts.
    @Test func everNewLanguageNamesLeaveTheResidentSetFlat() throws {
        let service = try RunningService(environment: try Self.catalogsOnly())
        let pid = try #require(service.servicePID)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func name(_ index: Int) -> String {
            let language = "\(letters[index % 26])\(letters[index / 26 % 26])\(letters[index / 676 % 26])"
            return "\(language)_\(letters[index / 17_576 % 26].uppercased())Y.UTF-8"
        }
        var resident: [Int] = []
        for step in 0..<6 {
            for index in (step * 2_000)..<((step + 1) * 2_000) {
                let tip = try service.tip("MoodStreakTip", languages: [name(index), "de"])
                try #require(tip.language == "de", "\(name(index))")
            }
            resident.append(try #require(ProcessStatus(pid: pid).residentKiB))
        }
        ReliabilityReport.record("12,000 language names: VmRSS after each 2,000 \(resident.map { "\($0) kB" })")
        let settled = resident.dropFirst()
        let spread = (settled.max() ?? 0) - (settled.min() ?? 0)
        #expect(spread <= 1_024, "VmRSS from 2,000 names on moved by \(spread) kB: \(resident)")
        #expect(try service.tip("MoodStreakTip", languages: ["de_DE.UTF-8"]).title == Languages.german)
    }

    @Test func aTimeZoneTheSystemDoesNotKnowIsSaidToCountInUTC() throws {
        let service = try RunningService(environment: ["TZ": "Mars/Olympus_Mons"])
        #expect(try service.tips.timeZone() == "UTC")
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
        #expect(try service.tips.timeZone() == "Pacific/Pago_Pago")
        try service.tips.logMood(mood: "good")
        #expect(try service.tips.daysUsingApp() == 1)
        service.clearSignals()

        let replacement = folder.path("localtime.new")
        try FileManager.default.createSymbolicLink(
            atPath: replacement, withDestinationPath: "/usr/share/zoneinfo/Pacific/Kiritimati")
        #expect(rename(replacement, link) == 0)

        #expect(service.waitForSignals { _ in !service.announcedStatuses(of: "WidgetVotingTip").isEmpty })
        #expect(service.announcedStatuses(of: "WidgetVotingTip") == ["available"])
        #expect(service.announced(.timeZone).last == .string("Pacific/Kiritimati"))
        #expect((service.announced(.daysUsingApp).last?.uint32Value ?? 0) >= 2)
        #expect(try service.tips.timeZone() == "Pacific/Kiritimati")
    }
}
