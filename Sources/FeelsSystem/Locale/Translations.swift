/// The translations of Feels Tips' words, found by language in the compiled catalogs under `share/locale`
/// (`LANG/LC_MESSAGES/feels-tips.mo`), read by us (``MessageFile``).
///
/// A caller's language list is tried in order, each name under the catalog names it may have; the first catalog
/// found gives every word it translates, and the English message stands for one it does not. A name with no
/// catalog costs a failed `open` and nothing that lasts: only catalogs that exist are kept, so memory stays flat
/// whatever names callers send. Use from one thread.
public final class Translations {
    /// The most catalogs kept read.
    public static let maximumCatalogs = 32

    /// Where the catalogs are read from.
    public let directory: String
    private var catalogs: [String: MessageFile] = [:]

    /// Translations read from `directory`, a `share/locale` folder.
    public init(directory: String) {
        self.directory = directory
    }

    /// The catalog of the first of `languages` that has one, with the language as the caller named it; `nil` when
    /// none has (the words are then English: a C or English name ends the search at once).
    public func catalog(for languages: [LanguageName]) -> (language: String, file: MessageFile)? {
        for language in languages {
            if language.catalogNames.isEmpty { return nil }
            for name in language.catalogNames {
                if let file = file(named: name) { return (language.text, file) }
            }
        }
        return nil
    }

    /// `messages` in the first of `languages` with a catalog, and the language they are in (`""` for English).
    public func translate(_ messages: [String], languages: [LanguageName]) -> (words: [String], language: String) {
        guard let (language, file) = catalog(for: languages) else { return (messages, "") }
        return (messages.map { file.translations[$0] ?? $0 }, language)
    }

    private func file(named name: String) -> MessageFile? {
        if let cached = catalogs[name] { return cached }
        guard let file = MessageFile(path: "\(directory)/\(name)/LC_MESSAGES/\(MessageCatalog.domain).mo") else {
            return nil
        }
        if catalogs.count < Self.maximumCatalogs { catalogs[name] = file }
        return file
    }
}
