import CGettext
import Glibc

/// Translations of the words Feels Tips shows, through GNU gettext: the `feels-tips` domain, installed as
/// `share/locale/LANG/LC_MESSAGES/feels-tips.mo`.
///
/// Messages are looked up in the process's locale (`LANG`, `LC_MESSAGES`, `LANGUAGE`, as `setlocale(3)` and gettext
/// read them) or in a locale a caller names. Without a translation, the message itself (English) is returned.
/// Use a catalog from one thread.
public final class MessageCatalog {
    /// The gettext domain of Feels Tips.
    public static let domain = "feels-tips"

    /// Where the catalogs are read from.
    public let directory: String
    private var locales: [String: locale_t?] = [:]

    /// Binds the domain to the catalogs folder and sets, from the environment, the two categories of the process's
    /// locale that messages need: `LC_MESSAGES` (which translation) and `LC_CTYPE` (the character set the C library
    /// converts its own messages to).
    ///
    /// - Parameter directory: The `share/locale` folder; `nil` for `TEXTDOMAINDIR`, else `../share/locale` beside
    ///   the running executable (so an install under any prefix finds its own catalogs), else `/usr/share/locale`.
    public init(directory: String? = nil) {
        self.directory = directory ?? Self.defaultDirectory()
        // Nothing here sorts, formats numbers, money or dates by locale; the other categories stay "C", for a
        // locale installed as files (LOCPATH, `locale-gen --no-archive`) would map each of them: de_DE's collation
        // tables alone took 2.3 MiB resident.
        setlocale(LC_CTYPE, "")
        setlocale(LC_MESSAGES, "")
        bindtextdomain(Self.domain, self.directory)
        bind_textdomain_codeset(Self.domain, "UTF-8")
    }

    deinit {
        for case let locale? in locales.values {
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

    /// `message` in `localeName` (`de_DE.UTF-8`), or in the process's locale when `localeName` is empty.
    ///
    /// - Returns: The translation, or `nil` when the locale is not installed on this system.
    public func translate(_ message: String, locale localeName: String) -> String? {
        guard !localeName.isEmpty else { return translate(message) }
        guard let locale = locale(named: localeName) else { return nil }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return translate(message)
    }

    /// Whether `localeName` is installed, so that ``translate(_:locale:)`` can use it.
    public func isAvailable(locale localeName: String) -> Bool {
        localeName.isEmpty || locale(named: localeName) != nil
    }

    private func locale(named name: String) -> locale_t? {
        if let cached = locales[name] { return cached }
        // Names are bounded by the caller; one that is not a locale's costs one failed newlocale and one cache entry.
        let created = name.utf8.count <= 128 && !name.contains("/") ? newlocale(LC_MESSAGES_MASK, name, nil) : nil
        if locales.count < 64 { locales[name] = created }
        return created
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
