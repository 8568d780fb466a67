import CGettext
import Glibc

/// Translations of the words Feels Tips shows, through GNU gettext: the `feels-tips` domain, installed as
/// `share/locale/LANG/LC_MESSAGES/feels-tips.mo`.
///
/// Messages are looked up in the process's locale (`LANG`, `LC_MESSAGES`, `LANGUAGE`, as `setlocale(3)` and gettext
/// read them) or in a locale a caller names, which ``InstalledLocales`` checks first: the C library and gettext are
/// asked only about locales that are installed and have a catalog, so that no name a caller sends leaves anything
/// behind. Without a translation, the message itself (English) is returned. Use a catalog from one thread.
public final class MessageCatalog {
    /// The gettext domain of Feels Tips.
    public static let domain = "feels-tips"

    /// Where the catalogs are read from.
    public let directory: String
    /// What is installed, asked before any locale is loaded.
    public let installed: InstalledLocales
    // One entry per installed locale with a catalog, at most: the names come from InstalledLocales, never a caller.
    private var locales: [String: locale_t] = [:]

    /// The words a caller asked for: in which locale they are looked up.
    public enum Words: Hashable, Sendable {
        /// The process's own locale.
        case own
        /// The messages as written (English): the C locale.
        case untranslated
        /// An installed locale with a catalog, by the name it is installed under.
        case installed(String)
    }

    /// Binds the domain to the catalogs folder and sets, from the environment, the two categories of the process's
    /// locale that messages need: `LC_MESSAGES` (which translation) and `LC_CTYPE` (the character set the C library
    /// converts its own messages to).
    ///
    /// - Parameter directory: The `share/locale` folder; `nil` for `TEXTDOMAINDIR`, else `../share/locale` beside
    ///   the running executable (so an install under any prefix finds its own catalogs), else `/usr/share/locale`.
    public init(directory: String? = nil) {
        self.directory = directory ?? Self.defaultDirectory()
        installed = InstalledLocales(
            catalogFolder: self.directory, domain: Self.domain, localePath: ProcessEnvironment.value("LOCPATH"))
        // Nothing here sorts, formats numbers, money or dates by locale; the other categories stay "C", for a
        // locale installed as files (LOCPATH, `locale-gen --no-archive`) would map each of them: de_DE's collation
        // tables alone took 2.3 MiB resident.
        setlocale(LC_CTYPE, "")
        setlocale(LC_MESSAGES, "")
        bindtextdomain(Self.domain, self.directory)
        bind_textdomain_codeset(Self.domain, "UTF-8")
    }

    deinit {
        for locale in locales.values {
            freelocale(locale)
        }
    }

    /// The name of the locale messages are looked up in by default: `de_DE.UTF-8`, `C`.
    public var processLocale: String {
        setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
    }

    /// `message` in the process's locale.
    public func translate(_ message: String) -> String {
        guard !message.isEmpty else { return message }
        // Without a translation gettext returns the message's own pointer, valid only inside withCString.
        return message.withCString { text in
            dgettext(Self.domain, text).map { String(cString: $0) } ?? message
        }
    }

    /// Where the words of `requested` (`de_DE.UTF-8`) come from: the process's own locale when it is empty or this
    /// system cannot give words in it (see ``InstalledLocales/choice(for:)``). Asks neither the C library nor gettext.
    public func words(for requested: String) -> Words {
        guard !requested.isEmpty else { return .own }
        switch installed.choice(for: requested) {
        case .translated(let locale): return .installed(locale)
        case .untranslated: return .untranslated
        case .unavailable: return .own
        }
    }

    /// The name of the locale `words` are in: ``processLocale``, `C`, or the installed locale's name.
    public func localeName(of words: Words) -> String {
        switch words {
        case .own: processLocale
        case .untranslated: "C"
        case .installed(let name): name
        }
    }

    /// `message` in the locale `words` names.
    ///
    /// - Returns: The translation (the message itself where the catalog has none); `nil` when the installed locale
    ///   could not be loaded after all (it was removed meanwhile).
    public func translate(_ message: String, in words: Words) -> String? {
        switch words {
        case .own:
            return translate(message)
        case .untranslated:
            return message
        case .installed(let name):
            let cached = locales[name]
            guard let locale = cached ?? newlocale(LC_MESSAGES_MASK, name, nil) else { return nil }
            let previous = uselocale(locale)
            let translated = translate(message)
            uselocale(previous)
            // The names are installed locales' (a handful); the bound only guards against a system with thousands.
            if cached == nil {
                if locales.count < 64 { locales[name] = locale } else { freelocale(locale) }
            }
            return translated
        }
    }

    private static func defaultDirectory() -> String {
        if let folder = ProcessEnvironment.value("TEXTDOMAINDIR"), folder.hasPrefix("/") { return folder }
        var buffer = [CChar](repeating: 0, count: 4_096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let binFolder = executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]
            let prefix = binFolder[..<(binFolder.lastIndex(of: "/") ?? binFolder.startIndex)]
            let candidate = "\(prefix)/share/locale"
            if access(candidate, R_OK | X_OK) == 0 { return candidate }
        }
        return "/usr/share/locale"
    }
}
