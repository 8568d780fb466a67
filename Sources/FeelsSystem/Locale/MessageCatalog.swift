import CGettext
import Glibc

/// The words of the programs themselves (their errors, help and reports) in the process's locale, through GNU
/// gettext: the `feels-tips` domain, installed as `share/locale/LANG/LC_MESSAGES/feels-tips.mo`.
///
/// The process's locale is read from `LANG`, `LC_MESSAGES` and `LANGUAGE`, as `setlocale(3)` and gettext read them.
/// Without a translation, the message itself (English) is returned. A caller's words on the bus come from
/// ``Translations`` instead, which never touches the C library's locale.
public final class MessageCatalog {
    /// The gettext domain of Feels Tips.
    public static let domain = "feels-tips"

    /// Where the catalogs are read from.
    public let directory: String

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

    /// `message` in the process's locale.
    public func translate(_ message: String) -> String {
        guard !message.isEmpty else { return message }
        // Without a translation gettext returns the message's own pointer, valid only inside withCString.
        return message.withCString { text in
            dgettext(Self.domain, text).map { String(cString: $0) } ?? message
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
