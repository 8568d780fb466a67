/// One language as a user's preferences name it, in either form apps have: POSIX (`de_DE.UTF-8`, `de_DE@euro`,
/// `de`) or BCP 47 (`de-DE`, `pt-BR`), and the catalog names it may be found under, most specific first.
public struct LanguageName: Hashable, Sendable {
    /// The name as given.
    public let text: String
    /// The catalog folders to look in, in gettext's order: `de_DE@euro`, `de_DE`, `de@euro`, `de`; empty for the
    /// C locale and for English, whose words are the catalog's own.
    public let catalogNames: [String]

    /// Reads a name; `nil` for text that names no language (empty, too long, or not letters, digits, `_`, `-`,
    /// `.` and `@`).
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 64,
            text.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_-.@".unicodeScalars.contains($0)
            })
        else { return nil }
        self.text = text
        var rest = Substring(text)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first?.lowercased(), language.count >= 2 || language == "c" else { return nil }
        if language == "c" || language == "posix" || language == "en" {
            catalogNames = []
            return
        }
        // BCP 47's region is the second subtag when it is two letters or three digits (de-DE, es-419); a script
        // subtag (zh-Hant) is skipped, as gettext's folders do not name one.
        let territory = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
            .map { $0.uppercased() }
        var names: [String] = []
        if let territory {
            if let modifier { names.append("\(language)_\(territory)@\(modifier)") }
            names.append("\(language)_\(territory)")
        }
        if let modifier { names.append("\(language)@\(modifier)") }
        names.append(language)
        catalogNames = names
    }

    /// The user's languages as the environment gives them, as `g_get_language_names()` reads it: the first of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set; before it, unless that locale is C, the list in `LANGUAGE`.
    public static func fromEnvironment(_ environment: [String: String]) -> [LanguageName] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        var names: [String] = []
        if let locale, locale != "C", locale != "POSIX", let list = environment["LANGUAGE"] {
            names += list.split(separator: ":").map(String.init)
        }
        names.append(locale ?? "C")
        return names.compactMap(LanguageName.init)
    }
}
