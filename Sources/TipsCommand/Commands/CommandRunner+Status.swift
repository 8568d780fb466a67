import DBus
import FeelsSystem
import TipsInterface

extension CommandRunner {
    /// `feels-tips status`: the service's properties in plain words, and the notifier's setting.
    func status() throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let (properties, all) = try client.perform {
            client throws(DBusError) -> (Tips1.Properties, DBusValue) in
            let properties = try client.tips.properties()
            return (
                properties,
                DBusValue.vardict(Tips1.Property.allCases.map { ($0.name.rawValue, properties.value(of: $0)) })
            )
        }
        // The testing switches are served only with --testing: `nil` without.
        let active = try client.perform { client throws(DBusError) -> String? in
            do throws(DBusError) {
                return try client.testing.activeSwitch()
            } catch let error where TipsClient.isTestingNotServed(error) {
                return nil
            }
        }
        let notifications = NotificationState(environment: context.environment)
        output(
            json: .object([
                ("feels_tips_version", .string(FeelsTipsVersion.current)), ("properties", JSONValue(all)),
                ("testing_switch", .optional(active)), ("notifications", notifications.json),
            ])
        ) {
            var table = TextTable.labels()
            table.append([
                "Service:",
                "feels-tipsd \(properties.serviceVersion) (\(Tips1.busName) on \(client.busDescription))",
            ])
            table.append(["Datastore:", properties.datastore])
            table.append(["Time zone:", properties.timeZone])
            table.append(["Display frequency:", properties.displayFrequency])
            table.append(["Next new tip:", nextNewTip(properties.nextDisplayTime)])
            table.append([
                "Testing switch:",
                active.map { $0.isEmpty ? "none" : "\($0) (for testing)" }
                    ?? "not served (only 'feels-tipsd --testing' serves the switches)",
            ])
            // The parameters as rules name them.
            table.append(["mood-log-count:", String(properties.moodLogCount)])
            table.append(["has-logged-moods:", String(properties.hasLoggedMoods)])
            table.append(["has-seen-settings:", String(properties.hasSeenSettings)])
            table.append(["days-using-app:", String(properties.daysUsingApp)])
            table.append(["current-streak:", String(properties.currentStreak)])
            table.append(["Tip notifications:", notifications.text(style)])
            return table.rendered()
        }
        return .success
    }

    /// When a new tip may next appear: `now`, or `Tue 2026-12-01 17:11:37 CET (in 23 h 59 min)`.
    ///
    /// - Parameter microseconds: `NextDisplayTime`: microseconds since the epoch, 0 for now.
    func nextNewTip(_ microseconds: Int64) -> String {
        microseconds == 0 ? "now" : LocalTime.text(microseconds, countingFrom: LocalTime.now)
    }
}
