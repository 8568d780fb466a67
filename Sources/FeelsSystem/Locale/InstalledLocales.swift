import Glibc

/// Which locales and catalogs this system has, found by reading the files the C library and gettext would read
/// rather than by asking them: `newlocale` and gettext keep something for every name they are asked about, found or
/// not, and never free it, so a caller sending ever new names would grow the process without end.
///
/// Locales are looked for where the C library looks: in the folders `LOCPATH` names when it is set, else in the
/// locale archive (`/usr/lib/locale/locale-archive`, whose names are read and kept while the file stays the same) and
/// in `/usr/lib/locale`. A name matches when it is spelled as an installed locale is, its codeset as written or
/// normalized (`de_DE.UTF-8` finds the archive's `de_DE.utf8`). Catalogs are looked for where gettext looks, in
/// gettext's order (``LocaleName/catalogSpellings``). Nothing is kept per name asked about.
///
/// This is the one place that decides what a locale name means; a lookup by language tags or by a list of
/// preferences would be built on it.
public final class InstalledLocales {
    /// The folder the catalogs are in (`share/locale`).
    public let catalogFolder: String
    /// The gettext domain whose catalogs count.
    public let domain: String
    /// The folders `LOCPATH` names; `nil` when it is unset or empty, and the archive and `/usr/lib/locale` serve.
    public let localePath: [String]?
    /// The locale archive.
    public let archivePath: String
    private var archive: (identity: FileIdentity, names: Set<String>)?

    /// What a locale name asked for gives.
    public enum Choice: Equatable, Sendable {
        /// A catalog of the domain exists for it and the locale is installed, under this name.
        case translated(locale: String)
        /// It is the C library's own locale, or English, the words' own language, with no catalog of its own.
        case untranslated
        /// The system cannot give words in it: not a locale name, no catalog, or not installed.
        case unavailable
    }

    /// A lookup of the catalogs of `domain` in `catalogFolder`.
    ///
    /// - Parameters:
    ///   - localePath: `LOCPATH`, as the environment gives it.
    ///   - archivePath: The locale archive; tests name one of their own.
    public init(
        catalogFolder: String, domain: String, localePath: String?,
        archivePath: String = "/usr/lib/locale/locale-archive"
    ) {
        self.catalogFolder = catalogFolder
        self.domain = domain
        let folders = localePath?.split(separator: ":").map(String.init).filter { !$0.isEmpty } ?? []
        self.localePath = localePath.map { !$0.isEmpty } == true ? folders : nil
        self.archivePath = archivePath
    }

    /// What `requested` (`de_DE.UTF-8`) gives on this system now.
    public func choice(for requested: String) -> Choice {
        guard let name = LocaleName(requested) else { return .unavailable }
        if name.isBuiltIn { return .untranslated }
        guard hasCatalog(for: name) else { return name.language == "en" ? .untranslated : .unavailable }
        return installedName(of: name).map { .translated(locale: $0) } ?? .unavailable
    }

    /// Whether gettext would find a catalog of the domain for `name`.
    public func hasCatalog(for name: LocaleName) -> Bool {
        name.catalogSpellings.contains { spelling in
            Self.isRegularFile("\(catalogFolder)/\(spelling)/LC_MESSAGES/\(domain).mo")
        }
    }

    /// The name under which the C library finds `name`'s messages category, if it is installed.
    public func installedName(of name: LocaleName) -> String? {
        let spellings = name.installedSpellings
        if let localePath {
            return spellings.first { spelling in localePath.contains { Self.hasMessages("\($0)/\(spelling)") } }
        }
        let names = archiveNames()
        return spellings.first { names.contains($0) || Self.hasMessages("/usr/lib/locale/\($0)") }
    }

    /// The names in the locale archive, read again only when the file changed.
    public func archiveNames() -> Set<String> {
        guard let identity = FileIdentity(path: archivePath) else {
            archive = nil
            return []
        }
        if let archive, archive.identity == identity { return archive.names }
        let names = LocaleArchive.names(at: archivePath)
        archive = (identity, names)
        return names
    }

    private static func hasMessages(_ folder: String) -> Bool {
        isRegularFile("\(folder)/LC_MESSAGES/SYS_LC_MESSAGES") || isRegularFile("\(folder)/LC_MESSAGES")
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}

/// A file as it stands: which one, and its size and time of change, to tell when it must be read again.
struct FileIdentity: Equatable {
    let device: UInt
    let inode: UInt
    let size: Int
    let changed: Int

    /// The file at `path` now; `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt(status.st_dev)
        inode = UInt(status.st_ino)
        size = Int(status.st_size)
        changed = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
    }
}
