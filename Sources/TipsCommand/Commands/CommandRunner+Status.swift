import DBus
import FeelsSystem

extension CommandRunner {
    /// `feels-tips status`: the service's properties in plain words, and the notifier's setting.
    func status() throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let all = try client.allProperties()
        let properties = all.vardictValue ?? [:]
        let notifications = NotificationState(environment: context.environment)
        output(
            json: .object([
                ("feels_tips_version", .string(FeelsTipsVersion.current)), ("properties", JSONValue(all)),
                ("notifications", notifications.json),
            ])
        ) {
            func text(_ name: String) -> String { properties[name].map(ValueText.plain) ?? "?" }
            var table = TextTable.labels()
            table.append([
                "Service:", "feels-tipsd \(text("Version")) (\(TipsClient.busName) on \(client.busDescription))",
            ])
            table.append(["Datastore:", text("Datastore")])
            table.append(["Time zone:", text("TimeZone")])
            table.append(["Display frequency:", text("DisplayFrequency")])
            table.append(["Next new tip:", nextNewTip(properties["NextDisplayTime"]?.int64Value ?? 0)])
            let override = text("TestingOverride")
            table.append(["Testing override:", override.isEmpty ? "none" : "\(override) (for testing)"])
            for name in ["MoodLogCount", "HasLoggedMoods", "HasSeenSettings", "DaysUsingApp", "CurrentStreak"] {
                table.append([Self.parameterName(of: name) + ":", text(name)])
            }
            table.append(["Tip notifications:", notifications.text(style)])
            return table.rendered()
        }
        return .success
    }

    /// When a new tip may next appear: `now`, or `Tue 2026-12-01 17:11:37 CET (in 23 h 59 min)`.
    ///
    /// - Parameter microseconds: `NextDisplayTime`: microseconds since the epoch, 0 for now.
    func nextNewTip(_ microseconds: Int64) -> String {
        guard microseconds != 0 else { return "now" }
        let now = LocalTime.now
        let time = LocalTime.text(microseconds)
        return microseconds > now ? "\(time) (\(LocalTime.relative(microseconds, from: now)))" : time
    }

    /// The Feels app's name of the parameter a property carries: `MoodLogCount` is `moodLogCount`.
    static func parameterName(of property: String) -> String {
        guard let first = property.first else { return property }
        return first.lowercased() + property.dropFirst()
    }
}
