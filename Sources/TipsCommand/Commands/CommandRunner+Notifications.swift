import FeelsSystem

extension CommandRunner {
    /// `feels-tips notifications [on|off]`: the notifier's setting file, written or read; no bus needed.
    func notifications(_ enabled: Bool?) throws(CommandFailure) -> CommandOutcome {
        let path: String
        let isOn: Bool
        do throws(SettingsError) {
            path = try NotificationSettings.defaultPath(environment: context.environment)
            if let enabled {
                try NotificationSettings(enabled: enabled).save(to: path)
                isOn = enabled
            } else {
                isOn = try SettingsFileState(path: path).settings.enabled
            }
        } catch {
            throw CommandFailure(.failed, error.description)
        }
        output(json: .object([("enabled", .bool(isOn)), ("path", .string(path))])) {
            let state = isOn ? style.good("on") : style.bad("off")
            return enabled == nil
                ? "Tip notifications are \(state) (\(path)).\n"
                : "Tip notifications are \(state); feels-tips-notifier follows \(path) at once.\n"
        }
        return .success
    }
}
