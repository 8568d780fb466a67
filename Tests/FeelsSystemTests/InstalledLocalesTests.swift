import BusTestSupport
import FeelsSystem
import Foundation
import Testing

/// Locale names taken apart as the C library and gettext take them, and what this system has installed, found from
/// the files rather than by asking the C library (which keeps something for every name it is asked about).
@Suite("Locale names and what is installed")
struct InstalledLocalesTests {
    @Test(
        arguments: [
            ("de_DE.UTF-8", "de", "DE", "UTF-8", nil, "utf8"),
            ("sr_RS@latin", "sr", "RS", nil, "latin", nil),
            ("es_419.UTF-8", "es", "419", "UTF-8", nil, "utf8"),
            ("de", "de", nil, nil, nil, nil),
            ("en_US.ISO-8859-1", "en", "US", "ISO-8859-1", nil, "iso88591"),
            ("ja_JP.eucJP", "ja", "JP", "eucJP", nil, "eucjp"),
            ("zh_CN.18030", "zh", "CN", "18030", nil, "iso18030"),
            ("C.UTF-8", "C", nil, "UTF-8", nil, "utf8"),
        ] as [(String, String, String?, String?, String?, String?)])
    func aNameIsTakenApartAsTheCLibraryDoes(
        _ text: String, _ language: String, _ territory: String?, _ codeset: String?, _ modifier: String?,
        _ normalized: String?
    ) throws {
        let name = try #require(LocaleName(text))
        #expect(name.language == language)
        #expect(name.territory == territory)
        #expect(name.codeset == codeset)
        #expect(name.modifier == modifier)
        #expect(name.normalizedCodeset == normalized)
        #expect(name.description == text)
    }

    @Test(arguments: [
        "", "/etc/passwd", "../de", "de_DE/LC_MESSAGES", "de DE", "de_DE.UTF-8\n", "1de", "_DE", "de_", "de.", "de@",
        "de_DE_AT", "de..UTF-8", "de_DE.UTF-8@a@b", "dé_DE", String(repeating: "a", count: 129), "de\u{0}x",
    ])
    func anythingElseIsNoLocaleName(_ text: String) {
        #expect(LocaleName(text) == nil, "'\(text)'")
    }

    @Test func catalogsAreLookedForInGettextsOrder() throws {
        let name = try #require(LocaleName("de_AT.UTF-8@euro"))
        #expect(
            name.catalogSpellings == [
                "de_AT.UTF-8@euro", "de_AT.utf8@euro", "de_AT@euro", "de.UTF-8@euro", "de.utf8@euro", "de@euro",
                "de_AT.UTF-8", "de_AT.utf8", "de_AT", "de.UTF-8", "de.utf8", "de",
            ])
        #expect(try #require(LocaleName("de")).catalogSpellings == ["de"])
        #expect(name.installedSpellings == ["de_AT.UTF-8@euro", "de_AT.utf8@euro"])
    }

    /// A share/locale folder with a German catalog of the domain, and a French one of another domain.
    static func catalogs(in folder: TemporaryFolder) throws -> String {
        let root = folder.path("share/locale")
        for (language, domain) in [("de", "feels-tips"), ("fr", "another-app")] {
            try FileManager.default.createDirectory(
                atPath: "\(root)/\(language)/LC_MESSAGES", withIntermediateDirectories: true)
            #expect(
                FileManager.default.createFile(atPath: "\(root)/\(language)/LC_MESSAGES/\(domain).mo", contents: Data())
            )
        }
        return root
    }

    @Test func withLOCPATHOnlyItsFoldersCountAndANameNeedsACatalogAndALocale() throws {
        let folder = try TemporaryFolder()
        let catalogs = try Self.catalogs(in: folder)
        let localePath = try Translations.localeFolder(for: "de_DE.UTF-8")
        let frenchPath = try Translations.localeFolder(for: "fr_FR.UTF-8")
        #expect(localePath == frenchPath, "one folder holds both")
        let installed = InstalledLocales(
            catalogFolder: catalogs, domain: "feels-tips", localePath: localePath,
            archivePath: folder.path("no-archive"))

        #expect(installed.choice(for: "de_DE.UTF-8") == .translated(locale: "de_DE.UTF-8"))
        // The catalog is there, the locale is not.
        #expect(installed.choice(for: "de_AT.UTF-8") == .unavailable)
        #expect(installed.choice(for: "de_DE.ISO-8859-1") == .unavailable)
        // The locale is there, a catalog of this domain is not.
        #expect(installed.choice(for: "fr_FR.UTF-8") == .unavailable)
        #expect(installed.choice(for: "en_US.UTF-8") == .untranslated)
        #expect(installed.choice(for: "C") == .untranslated)
        #expect(installed.choice(for: "POSIX") == .untranslated)
        #expect(installed.choice(for: "C.UTF-8") == .untranslated)
        #expect(installed.choice(for: "xx_YY.UTF-8") == .unavailable)
        #expect(installed.choice(for: "../../de_DE.UTF-8") == .unavailable)
    }

    @Test func theLocaleArchiveIsReadAndReadAgainWhenItChanges() throws {
        let folder = try TemporaryFolder()
        let catalogs = try Self.catalogs(in: folder)
        let prefix = folder.path("root")
        try FileManager.default.createDirectory(atPath: prefix + "/usr/lib/locale", withIntermediateDirectories: true)
        let archive = prefix + "/usr/lib/locale/locale-archive"
        let installed = InstalledLocales(
            catalogFolder: catalogs, domain: "feels-tips", localePath: nil, archivePath: archive)
        #expect(installed.archiveNames() == [])

        try Self.addToArchive("de_DE", "UTF-8", prefix: prefix)
        #expect(installed.archiveNames() == ["de_DE.utf8"])
        #expect(installed.choice(for: "de_DE.UTF-8") == .translated(locale: "de_DE.utf8"))
        #expect(installed.choice(for: "de_DE.utf8") == .translated(locale: "de_DE.utf8"))
        #expect(installed.choice(for: "de_CH.UTF-8") == .unavailable)

        try Self.addToArchive("de_CH", "UTF-8", prefix: prefix)
        #expect(installed.archiveNames() == ["de_DE.utf8", "de_CH.utf8"])
        #expect(installed.choice(for: "de_CH.UTF-8") == .translated(locale: "de_CH.utf8"))
        // An empty LOCPATH is no LOCPATH, as for the C library.
        #expect(
            InstalledLocales(catalogFolder: catalogs, domain: "feels-tips", localePath: "", archivePath: archive)
                .choice(for: "de_CH.UTF-8") == .translated(locale: "de_CH.utf8"))
    }

    @Test func aFileThatIsNoArchiveHasNoNames() throws {
        let folder = try TemporaryFolder()
        for (name, bytes) in [("empty", Data()), ("text", Data("de_DE.utf8\n".utf8)), ("zeros", Data(count: 4_096))] {
            #expect(FileManager.default.createFile(atPath: folder.path(name), contents: bytes))
            let installed = InstalledLocales(
                catalogFolder: folder.url.path, domain: "feels-tips", localePath: nil, archivePath: folder.path(name))
            #expect(installed.archiveNames() == [], "\(name)")
        }
    }

    static func addToArchive(_ locale: String, _ charmap: String, prefix: String) throws {
        let result = try runTool(
            "localedef", ["--prefix", prefix, "-i", locale, "-f", charmap, "\(locale).\(charmap)"],
            timeout: .seconds(120))
        #expect(result.status == 0, "\(result.stderr)")
    }
}
