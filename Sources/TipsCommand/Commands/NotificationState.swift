import FeelsSystem
import Glibc

/// Whether tip notifications are on, as `feels-tips-notifier`'s settings file says, and where that file is.
struct NotificationState {
    /// The settings file; `nil` when no folder for it can be found.
    var path: String?
    /// Whether notifications are on; `nil` when the file cannot be read.
    var enabled: Bool?
    /// Whether the file exists (a missing file means on).
    var fileExists = false
    /// Why the setting cannot be read, if it cannot.
    var error: String?

    /// Reads the setting from its file.
    ///
    /// - Parameter environment: `XDG_CONFIG_HOME` and `HOME`.
    init(environment: [String: String]) {
        do {
            let path = try NotificationSettings.defaultPath(environment: environment)
            self.path = path
            fileExists = access(path, F_OK) == 0
            enabled = try NotificationSettings.load(from: path).enabled
        } catch {
            self.error = error.description
        }
    }

    /// `{"enabled": true, "path": "…", "error": null}`.
    var json: JSONValue {
        .object([
            ("enabled", enabled.map { .bool($0) } ?? .null), ("path", .optional(path)), ("error", .optional(error)),
        ])
    }

    /// `on (feels-tips-notifier's setting, /home/me/.config/feels/notifier.conf)`.
    func text(_ style: TextStyle) -> String {
        guard let enabled, let path else { return "unknown: \(error ?? "no settings file")" }
        let state = enabled ? style.good("on") : style.bad("off")
        let source = fileExists ? path : "by default: \(path) does not exist"
        return "\(state) (feels-tips-notifier's setting, \(source))"
    }
}
