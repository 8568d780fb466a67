/// Whether `feels-tips-notifier` may show tips, kept in a small key file in the user's config folder:
/// `$XDG_CONFIG_HOME/feels/notifier.conf`.
///
/// ```ini
/// [Notifications]
/// Enabled=false
/// ```
///
/// The notifier reads the file again whenever it changes; `feels-tips notifications on|off` and the notification's
/// own button write it. A missing file, or a file without the key, means enabled.
public struct NotificationSettings: Hashable, Sendable {
    /// Whether tip notifications are shown.
    public var enabled: Bool

    /// Settings with notifications on or off.
    public init(enabled: Bool = true) {
        self.enabled = enabled
    }

    /// Where the settings live: `$XDG_CONFIG_HOME/feels/notifier.conf`, or `$HOME/.config/feels/notifier.conf` when
    /// `XDG_CONFIG_HOME` is unset, empty or relative (the XDG Base Directory specification says to ignore it then).
    ///
    /// - Parameter environment: `XDG_CONFIG_HOME` and `HOME`, as ``ProcessEnvironment/values(_:)`` gives them.
    /// - Throws: `SettingsError.noConfigFolder` when neither gives an absolute folder.
    public static func defaultPath(environment: [String: String]) throws(SettingsError) -> String {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return "\(trimmed(configHome))/feels/notifier.conf"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return "\(trimmed(home))/.config/feels/notifier.conf"
        }
        throw .noConfigFolder
    }

    /// The largest settings file read: 1 MiB. The file holds one line that matters; a larger one is refused whole
    /// rather than read in part, since the line that matters may be at its end.
    public static let sizeLimit = 1_048_576

    /// The settings in `bytes`, a key file with any line endings and an optional UTF-8 byte order mark; unknown
    /// groups, keys and comments are ignored, and the last `Enabled` of `[Notifications]` counts.
    ///
    /// - Throws: `SettingsError.invalidValue` when `Enabled` is neither `true` nor `false`.
    public init(keyFile bytes: some Collection<UInt8>, path: String) throws(SettingsError) {
        self.init()
        for entry in KeyFileEntries(bytes: bytes).entries where entry.group == "Notifications" && entry.key == "Enabled"
        {
            switch entry.value {
            case "true": enabled = true
            case "false": enabled = false
            default:
                throw .invalidValue(path: path, line: entry.line, value: String(entry.value.unicodeScalars.prefix(64)))
            }
        }
    }

    /// The key file that holds these settings.
    public var keyFile: String {
        """
        # Feels Tips: whether feels-tips-notifier shows tips as desktop notifications.
        # Written by 'feels-tips notifications on|off'; read again by the notifier whenever it changes.
        [Notifications]
        Enabled=\(enabled)

        """
    }

    /// Stores the settings at `path` atomically (a temporary file renamed over it), through a symbolic link to its
    /// target, creating missing folders with mode 0700 and a new file with mode 0600.
    ///
    /// - Throws: `SettingsError.cannotWrite` naming the step that failed.
    public func save(to path: String) throws(SettingsError) {
        do {
            try RegularFile.replace(path, with: keyFile)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
    }

    private static func trimmed(_ folder: String) -> Substring {
        var folder = Substring(folder)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder
    }
}
