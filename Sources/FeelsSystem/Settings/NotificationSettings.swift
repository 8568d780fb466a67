import Glibc

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

    /// The settings in `text`, a key file; unknown groups, keys and comments are ignored.
    ///
    /// - Throws: `SettingsError.invalidValue` when `Enabled` is neither `true` nor `false`.
    public init(keyFile text: String, path: String) throws(SettingsError) {
        self.init()
        var group = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard group == "Notifications", let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingSpaces
            let value = line[line.index(after: equals)...].trimmingSpaces
            guard key == "Enabled" else { continue }
            switch value {
            case "true": enabled = true
            case "false": enabled = false
            default: throw .invalidValue(path: path, line: index + 1, value: String(value.prefix(64)))
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

    /// The settings stored at `path`; the defaults when there is no file.
    ///
    /// - Throws: `SettingsError` when the file exists but cannot be read or holds an invalid value.
    public static func load(from path: String) throws(SettingsError) -> NotificationSettings {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return NotificationSettings() }
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while bytes.count <= 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return try NotificationSettings(keyFile: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Stores the settings at `path` atomically (a temporary file renamed over it), creating the folder with mode
    /// 0700 and the file with mode 0600.
    ///
    /// - Throws: `SettingsError.cannotWrite` naming the step that failed.
    public func save(to path: String) throws(SettingsError) {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty {
            try Self.createFolders(folder, for: path)
        }
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let bytes = Array(keyFile.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .cannotWrite(
                path: path, reason: written == bytes.count && synced ? String(cString: strerror(errno)) : reason)
        }
    }

    private static func createFolders(_ folder: String, for path: String) throws(SettingsError) {
        var prefix = ""
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw .cannotWrite(
                    path: path, reason: "cannot create folder '\(prefix)': \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func trimmed(_ folder: String) -> Substring {
        var folder = Substring(folder)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder
    }
}

/// The notifier's settings could not be found, read or written.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` is an absolute folder.
    case noConfigFolder
    /// The file exists but cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file holds a value that is neither `true` nor `false`.
    case invalidValue(path: String, line: Int, value: String)
    /// The file cannot be written.
    case cannotWrite(path: String, reason: String)

    /// A sentence naming the file.
    public var description: String {
        switch self {
        case .noConfigFolder:
            "Cannot find a folder for the settings: XDG_CONFIG_HOME and HOME are unset, empty or relative"
        case .cannotRead(let path, let reason):
            "Cannot read settings '\(path)': \(reason)"
        case .invalidValue(let path, let line, let value):
            "Settings '\(path)' line \(line): Enabled is '\(value)'; expected true or false"
        case .cannotWrite(let path, let reason):
            "Cannot write settings '\(path)': \(reason)"
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let characters = self[...]
        let start = characters.firstIndex { $0 != " " && $0 != "\t" && $0 != "\r" } ?? characters.endIndex
        let end = characters.lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map(characters.index(after:))
        return Substring(characters[start..<(end ?? start)])
    }
}
