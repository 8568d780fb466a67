import BusTestSupport
import DBus
import Foundation
import Testing

/// What a locale name a caller sends costs the service: nothing that lasts, unless this system has the locale and the
/// service a catalog for it (issue 15, finding 9: 20,000 names grew the service from 8.1 to 20.0 MB, for good).
@Suite("What a caller's locale names cost")
struct LocaleCostTests {
    /// The service in C, with the project's catalogs and the German and French locales installed where `LOCPATH`
    /// points.
    static func service() throws -> RunningService {
        var environment = try Translations.environment(locale: "de_DE.UTF-8")
        _ = try Translations.localeFolder(for: "fr_FR.UTF-8")
        environment["LANG"] = "C"
        return try RunningService(environment: environment)
    }

    static func words(_ service: RunningService, _ locale: String) throws -> (title: String?, locale: String?) {
        let tip = try #require(
            try service.call("GetLocalizedTip", [.string("MoodStreakTip"), .string(locale)]).first?.vardictValue)
        return (tip["title"]?.stringValue, tip["locale"]?.stringValue)
    }

    @Test func wordsAreTranslatedOnlyForAnInstalledLocaleWithACatalogAndTheReplySaysWhich() throws {
        let service = try Self.service()

        #expect(try Self.words(service, "de_DE.UTF-8") == ("Bau deine Serie aus!", "de_DE.UTF-8"))
        // The C library finds a locale folder under the name asked or with its codeset normalized (utf8), never the
        // other way round: no more here.
        #expect(try Self.words(service, "de_DE.utf8") == ("Build Your Streak!", "C"))
        // A catalog, but no such locale here.
        #expect(try Self.words(service, "de_AT.UTF-8") == ("Build Your Streak!", "C"))
        // The locale, but no French catalog: the service's own words, not the English as if they were French.
        #expect(try Self.words(service, "fr_FR.UTF-8") == ("Build Your Streak!", "C"))
        #expect(try Self.words(service, "en_GB.UTF-8") == ("Build Your Streak!", "C"))
        #expect(try Self.words(service, "/etc/passwd") == ("Build Your Streak!", "C"))
        #expect(try Self.words(service, "") == ("Build Your Streak!", "C"))
    }

    @Test func underAGermanServiceAnEnglishCallerGetsEnglishAndAnUnknownNameGetsGerman() throws {
        let service = try RunningService(environment: try Translations.environment(locale: "de_DE.UTF-8"))

        #expect(try Self.words(service, "C") == ("Build Your Streak!", "C"))
        #expect(try Self.words(service, "en_US.UTF-8") == ("Build Your Streak!", "C"))
        #expect(try Self.words(service, "xx_YY.UTF-8") == ("Bau deine Serie aus!", "de_DE.UTF-8"))
    }

    @Test func everNewLocaleNamesLeaveTheResidentSetFlat() throws {
        let service = try Self.service()
        let pid = try #require(service.servicePID)

        let result = try runTool(
            try builtProduct("tips-locales"),
            ["--address", service.bus.address, "--pid", String(pid), "--names", "12000", "--every", "2000"],
            timeout: .seconds(120))

        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let resident = result.stdout.split(separator: "\n").compactMap { line -> (Int, Int)? in
            let words = line.split(separator: " ")
            guard words.count == 6, words[2] == "names:", let names = Int(words[1]), let kilobytes = Int(words[4])
            else { return nil }
            return (names, kilobytes)
        }
        #expect(resident.count == 7, "\(result.stdout)")
        let settled = resident.filter { $0.0 >= 2_000 }.map(\.1)
        let spread = (settled.max() ?? 0) - (settled.min() ?? 0)
        #expect(spread <= 1_024, "VmRSS from 2,000 names on moved by \(spread) kB: \(resident)")
        #expect(try Self.words(service, "de_DE.UTF-8").title == "Bau deine Serie aus!")
    }
}
