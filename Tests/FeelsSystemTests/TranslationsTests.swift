import BusTestSupport
import FeelsSystem
import Foundation
import Testing

/// The words of a caller's languages, read from the compiled catalogs by our own reader: the names apps send, the
/// order they are tried in, and catalogs that are damaged, odd or hostile.
@Suite("Translations by language")
struct TranslationsTests {
    // BusTestSupport has a Translations of its own, for the processes it starts.
    typealias Translations = FeelsSystem.Translations

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let english = "Personalize Your Experience"
    static let german = "Personalisiere dein Erlebnis"

    /// A `share/locale` folder with catalogs compiled by msgfmt: `po/de.po` under each of `folders`.
    static func catalogs(_ folders: [String], options: [String] = []) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feels-translations-\(UUID())").path
        for folder in folders {
            try FileManager.default.createDirectory(
                atPath: "\(root)/\(folder)/LC_MESSAGES", withIntermediateDirectories: true)
            let result = try runTool(
                "/usr/bin/msgfmt",
                options + ["-o", "\(root)/\(folder)/LC_MESSAGES/feels-tips.mo", Self.repository + "/po/de.po"])
            try #require(result.status == 0, "\(result.stderr)")
        }
        return root
    }

    static func words(_ translations: Translations, _ names: [String]) -> (String, String) {
        let (words, language) = translations.translate([english], languages: names.compactMap(LanguageName.init))
        return (words[0], language)
    }

    @Test(arguments: [
        ("de_DE.UTF-8@euro", ["de_DE@euro", "de_DE", "de@euro", "de"]),
        ("de_DE.UTF-8", ["de_DE", "de"]),
        ("de", ["de"]),
        ("de-DE", ["de_DE", "de"]),
        ("pt-BR", ["pt_BR", "pt"]),
        ("zh-Hant-TW", ["zh_TW", "zh"]),
        ("es-419", ["es_419", "es"]),
        ("DE-de", ["de_DE", "de"]),
        ("C", []),
        ("POSIX", []),
        ("C.UTF-8", []),
        ("en_GB.UTF-8", []),
        ("en", []),
    ])
    func aNameIsLookedUpAsGettextsFolders(_ name: String, _ folders: [String]) throws {
        #expect(try #require(LanguageName(name)).catalogNames == folders)
    }

    @Test(arguments: ["", "d", "/etc/passwd", "de/../..", "de DE", "de_DE.UTF-8\n", String(repeating: "a", count: 65)])
    func textThatNamesNoLanguageIsNoName(_ text: String) {
        #expect(LanguageName(text) == nil, "'\(text)'")
    }

    @Test func theEnvironmentGivesLanguagesAsGLibReadsThem() {
        func names(_ environment: [String: String]) -> [String] {
            LanguageName.fromEnvironment(environment).map(\.text)
        }
        #expect(names(["LANG": "de_DE.UTF-8"]) == ["de_DE.UTF-8"])
        #expect(names(["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:de"]) == ["fr", "de", "de_DE.UTF-8"])
        // LANGUAGE is ignored under the C locale, as gettext ignores it.
        #expect(names(["LANG": "C", "LANGUAGE": "de"]) == ["C"])
        #expect(names(["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "C"]) == ["fr_FR.UTF-8"])
        #expect(names(["LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8"]) == ["de_DE.UTF-8"])
        #expect(names([:]) == ["C"])
    }

    @Test func theFirstLanguageWithACatalogGivesTheWordsUnderTheNameAsSent() throws {
        let translations = Translations(directory: try Self.catalogs(["de"]))

        #expect(Self.words(translations, ["de_AT.UTF-8"]) == (Self.german, "de_AT.UTF-8"))
        #expect(Self.words(translations, ["fr_FR.UTF-8", "de-CH"]) == (Self.german, "de-CH"))
        // English, or C, ends the search: its words are the catalog's own.
        #expect(Self.words(translations, ["en_US.UTF-8", "de"]) == (Self.english, ""))
        #expect(Self.words(translations, ["fr", "C", "de"]) == (Self.english, ""))
        #expect(Self.words(translations, ["fr", "it"]) == (Self.english, ""))
        #expect(Self.words(translations, []) == (Self.english, ""))
        // A message the catalog does not know stays English.
        let (words, language) = translations.translate(["No such message"], languages: [LanguageName("de")!])
        #expect(words == ["No such message"] && language == "de")
    }

    @Test func theMostSpecificFolderWins() throws {
        let root = try Self.catalogs(["de", "de_AT"])
        // de_AT's catalog says something else, so a reply shows which folder it came from.
        let austrian = "\(root)/de_AT/LC_MESSAGES/feels-tips.mo"
        let source = try String(contentsOfFile: Self.repository + "/po/de.po", encoding: .utf8)
            .replacingOccurrences(of: Self.german, with: "Gestalte dein Erlebnis")
        let po = "\(root)/de_AT.po"
        try source.write(toFile: po, atomically: true, encoding: .utf8)
        #expect(try runTool("/usr/bin/msgfmt", ["-o", austrian, po]).status == 0)

        let translations = Translations(directory: root)
        #expect(Self.words(translations, ["de_AT.UTF-8"]) == ("Gestalte dein Erlebnis", "de_AT.UTF-8"))
        #expect(Self.words(translations, ["de_DE.UTF-8"]) == (Self.german, "de_DE.UTF-8"))
    }

    @Test func aBigEndianCatalogIsReadToo() throws {
        let root = try Self.catalogs(["de"], options: ["--endianness=big"])
        #expect(Self.words(Translations(directory: root), ["de"]) == (Self.german, "de"))
    }

    @Test func aDamagedOrOddCatalogIsNoCatalogAndNothingBlocks() throws {
        let root = try Self.catalogs(["de"])
        let good = try Data(contentsOf: URL(fileURLWithPath: "\(root)/de/LC_MESSAGES/feels-tips.mo"))
        func place(_ folder: String, _ make: (String) throws -> Void) throws {
            try FileManager.default.createDirectory(
                atPath: "\(root)/\(folder)/LC_MESSAGES", withIntermediateDirectories: true)
            try make("\(root)/\(folder)/LC_MESSAGES/feels-tips.mo")
        }
        try place("aa") { try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: $0)) }
        try place("ab") { try Data(repeating: 0xde, count: 4_096).write(to: URL(fileURLWithPath: $0)) }
        try place("ac") { try Data().write(to: URL(fileURLWithPath: $0)) }
        try place("ad") { #expect(mkfifo($0, 0o600) == 0) }
        try place("ae") { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }
        try place("af") {
            var large = good
            large.append(Data(count: MessageFile.maximumSize))
            try large.write(to: URL(fileURLWithPath: $0))
        }
        // A count that claims more strings than the file could hold.
        try place("ag") {
            var lying = good
            lying.replaceSubrange(8..<12, with: [0xff, 0xff, 0xff, 0x7f])
            try lying.write(to: URL(fileURLWithPath: $0))
        }
        // A string's offset past the end.
        try place("ah") {
            var lying = good
            let originals = Int(good[12]) | Int(good[13]) << 8 | Int(good[14]) << 16 | Int(good[15]) << 24
            lying.replaceSubrange(originals + 12..<originals + 16, with: [0xf0, 0xff, 0xff, 0xff])
            try lying.write(to: URL(fileURLWithPath: $0))
        }
        try place("ai") { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") }

        let translations = Translations(directory: root)
        for folder in ["aa", "ab", "ac", "ad", "ae", "af", "ag", "ah", "ai"] {
            #expect(MessageFile(path: "\(root)/\(folder)/LC_MESSAGES/feels-tips.mo") == nil, "\(folder)")
            // The next language is tried: a damaged catalog does not end the search.
            #expect(Self.words(translations, [folder, "de"]) == (Self.german, "de"), "\(folder)")
        }
    }

    @Test func anEmptyTranslationLeavesTheEnglish() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feels-translations-\(UUID())").path
        try FileManager.default.createDirectory(atPath: "\(root)/de/LC_MESSAGES", withIntermediateDirectories: true)
        let po = """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "\(Self.english)"
            msgstr ""

            msgid "Build Your Streak!"
            msgstr "Bau deine Serie aus!"

            """
        try po.write(toFile: "\(root)/de.po", atomically: true, encoding: .utf8)
        let result = try runTool(
            "/usr/bin/msgfmt", ["--use-untranslated", "-o", "\(root)/de/LC_MESSAGES/feels-tips.mo", "\(root)/de.po"])
        try #require(result.status == 0, "\(result.stderr)")

        let (words, language) = Translations(directory: root).translate(
            [Self.english, "Build Your Streak!"], languages: [LanguageName("de")!])
        #expect(words == [Self.english, "Bau deine Serie aus!"] && language == "de")
    }
}
