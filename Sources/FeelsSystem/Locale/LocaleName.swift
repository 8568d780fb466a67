/// A POSIX locale name, `language[_territory][.codeset][@modifier]` (`de_DE.UTF-8`, `sr_RS@latin`), taken apart as
/// the C library and gettext take it apart, without asking either.
///
/// Only names made of ASCII letters, digits and `_ . @ -`, at most 128 bytes and starting with a letter, are names:
/// anything else a caller sends is no locale, and costs nothing to refuse.
public struct LocaleName: Hashable, Sendable, CustomStringConvertible {
    /// `de`.
    public let language: String
    /// `DE`, or `nil`.
    public let territory: String?
    /// `UTF-8` as written, or `nil`.
    public let codeset: String?
    /// `latin`, or `nil`.
    public let modifier: String?

    /// The longest name taken.
    public static let maximumLength = 128

    /// Takes `text` apart; `nil` when it is not a locale name.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength, Self.isLetter(bytes[0]),
            bytes.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || "_.@-".utf8.contains($0) })
        else { return nil }
        var rest = Substring(text)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        var codeset: Substring?
        if let dot = rest.firstIndex(of: ".") {
            codeset = rest[rest.index(after: dot)...]
            rest = rest[..<dot]
        }
        var territory: Substring?
        if let underscore = rest.firstIndex(of: "_") {
            territory = rest[rest.index(after: underscore)...]
            rest = rest[..<underscore]
        }
        let parts = [territory, codeset, modifier].compactMap { $0 }
        guard !rest.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: { "_.@".contains($0) }) }),
            rest.allSatisfy({ $0.isLetter })
        else { return nil }
        self.language = String(rest)
        self.territory = territory.map(String.init)
        self.codeset = codeset.map(String.init)
        self.modifier = modifier.map(String.init)
    }

    /// The name as written, put back together.
    public var description: String {
        Self.compose(language, territory, codeset, modifier)
    }

    /// The codeset as the C library normalizes it (`UTF-8` → `utf8`: letters lowered, only letters and digits, and
    /// `iso` before a codeset of digits alone), the spelling of the names in the locale archive.
    public var normalizedCodeset: String? {
        codeset.map { codeset in
            let kept = codeset.lowercased().filter { $0.isLetter || $0.isNumber }
            return kept.allSatisfy(\.isNumber) ? "iso" + kept : kept
        }
    }

    /// Whether this is the C library's own locale, in which nothing is translated: `C`, `POSIX`, `C.UTF-8`.
    public var isBuiltIn: Bool {
        (language == "C" || language == "POSIX") && territory == nil && modifier == nil
    }

    /// The names the C library finds this locale's files under: as written, and with the codeset normalized.
    public var installedSpellings: [String] {
        var spellings = [description]
        if let normalized = normalizedCodeset, normalized != codeset {
            spellings.append(Self.compose(language, territory, normalized, modifier))
        }
        return spellings
    }

    /// The folder names gettext looks for a catalog under, most specific first (`de_DE.UTF-8`, `de_DE.utf8`,
    /// `de_DE`, `de.UTF-8`, …, `de`): it drops the codeset, then the territory, and keeps the modifier longest.
    public var catalogSpellings: [String] {
        var spellings: [String] = []
        var codesets: [String?] = []
        if let codeset { codesets.append(codeset) }
        if let normalized = normalizedCodeset, normalized != codeset { codesets.append(normalized) }
        codesets.append(nil)
        for modifier in modifier == nil ? [nil] : [modifier, nil] {
            for territory in territory == nil ? [nil] : [territory, nil] {
                for codeset in codesets {
                    let spelling = Self.compose(language, territory, codeset, modifier)
                    if !spellings.contains(spelling) { spellings.append(spelling) }
                }
            }
        }
        return spellings
    }

    private static func compose(_ language: String, _ territory: String?, _ codeset: String?, _ modifier: String?)
        -> String
    {
        language + (territory.map { "_" + $0 } ?? "") + (codeset.map { "." + $0 } ?? "")
            + (modifier.map { "@" + $0 } ?? "")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}
