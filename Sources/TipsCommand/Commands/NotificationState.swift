import FeelsSystem

/// Whether tip notifications are on, as `feels-tips-notifier`'s settings file says, and where that file is.
struct NotificationState {
    /// The settings file; `nil` when no folder for it can be found.
    var path: String?
    /// Whether the notifier shows tips: off while the file cannot be used, as the notifier reads it.
    var enabled = false
    /// Whether the file exists (a missing file means on).
    var fileExists = false
    /// Why the setting cannot be used, if it cannot.
    var error: String?

    /// Reads the setting from its file, as the notifier does (``SettingsFileState``).
    ///
    /// - Parameter environment: `XDG_CONFIG_HOME` and `HOME`.
    init(environment: [String: String]) {
        do {
            let state = SettingsFileState(path: try NotificationSettings.defaultPath(environment: environment))
            path = state.path
            enabled = state.enabled
            fileExists = state.exists
            error = state.problem?.description
        } catch {
            self.error = error.description
        }
    }

    /// `{"enabled": true, "path": "…", "error": null}`.
    var json: JSONValue {
        .object([("enabled", .bool(enabled)), ("path", .optional(path)), ("error", .optional(error))])
    }

    /// `on (feels-tips-notifier's setting, /home/me/.config/feels/notifier.conf)`; `off (…)` with the reason when the
    /// file cannot be used, since the notifier then shows nothing.
    func text(_ style: TextStyle) -> String {
        guard let path else { return "\(style.bad("off")) (\(error ?? "no settings file"))" }
        let state = enabled ? style.good("on") : style.bad("off")
        if let error {
            return "\(state) (feels-tips-notifier shows nothing while its setting cannot be used: \(error))"
        }
        let source = fileExists ? path : "by default: \(path) does not exist"
        return "\(state) (feels-tips-notifier's setting, \(source))"
    }
}
