import DBus
import FeelsSystem
import Glibc

/// Follows the Feels desktop app, `org.feels.Feels`: whether it runs (owns its name on the session bus), and whether
/// it is installed as a D-Bus activatable application (its desktop entry, found in the XDG data folders).
final class FeelsAppWatch {
    /// The app's bus name and application id.
    static let name = "org.feels.Feels"
    /// The object a GApplication exports `org.freedesktop.Application` at.
    static let path = "/org/feels/Feels"
    /// The action that opens the app at a tip (parameter: the tip id, `s`).
    static let showTipAction = "show-tip"

    /// What is known of the app.
    private(set) var facts = NotifierFacts.App()
    /// Called from dispatch when whether the app runs changes.
    var onChange: (() -> Void)?
    private let dataFolders: [String]

    /// Starts following whether the app runs; `environment` gives the XDG data folders its entry is looked for in.
    ///
    /// - Throws: `DBusError` when the questions cannot be sent.
    init(router: SignalRouter, environment: [String: String]) throws(DBusError) {
        dataFolders = Self.dataFolders(environment)
        facts.installed = Self.entryIsInstalled(in: dataFolders)
        try router.followOwner(of: Self.name) { [weak self] owner in
            guard let self else { return }
            self.facts.known = true
            self.facts.running = owner != nil
            self.onChange?()
        }
    }

    /// Looks for the desktop entry again: an app installed or removed while the notifier runs is seen at the next
    /// notification.
    func refreshInstalled() {
        facts.installed = Self.entryIsInstalled(in: dataFolders)
    }

    /// `$XDG_DATA_HOME` (or `~/.local/share`), then `$XDG_DATA_DIRS` (or `/usr/local/share:/usr/share`), as the
    /// XDG Base Directory specification orders them.
    static func dataFolders(_ environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
            folders.append(home)
        } else if let home = environment["HOME"], !home.isEmpty {
            folders.append(home + "/.local/share")
        }
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        folders += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return folders
    }

    /// Whether the first `applications/org.feels.Feels.desktop` found is a D-Bus activatable application that is
    /// not hidden: the desktop's own lookup stops at the first file of an id, so a hidden one in the user's folder
    /// removes a system one. Only a regular file of up to 256 KiB is read (``RegularFile``); a desktop entry is a few
    /// kilobytes.
    static func entryIsInstalled(in folders: [String]) -> Bool {
        for folder in folders {
            guard let bytes = (try? RegularFile.read(folder + "/applications/\(name).desktop", limit: 256 << 10)) ?? nil
            else { continue }
            let entries = KeyFileEntries(bytes: bytes).entries.filter { $0.group == "Desktop Entry" }
            func value(_ key: String) -> String? { entries.first { $0.key == key }?.value }
            return value("Type") == "Application" && value("DBusActivatable") == "true" && value("Hidden") != "true"
        }
        return false
    }
}
