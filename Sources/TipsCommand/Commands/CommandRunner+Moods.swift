import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips moods export`: `ExportMoods`, one mood a line with the local time it was logged at.
    func exportMoods() throws(CommandFailure) -> CommandOutcome {
        let reply = try client().perform { client throws(DBusError) in try client.tips.exportMoods() }
        let moods = (reply.arrayValue ?? []).compactMap { entry -> ExportedMood? in
            guard let fields = entry.structureValue, fields.count == 3, let loggedAt = fields[0].int64Value,
                let mood = fields[1].stringValue, let offset = fields[2].int32Value
            else { return nil }
            return ExportedMood(loggedAt: loggedAt, mood: mood, utcOffset: Int(offset))
        }
        output(json: .array(moods.map(\.json))) {
            moods.map { "\($0.time) \($0.mood)\n" }.joined()
        }
        if moods.isEmpty && !invocation.json && context.outputIsTerminal {
            return CommandOutcome(notice: "No mood has been logged.")
        }
        return .success
    }

    /// `feels-tips moods forget`: `ForgetMoods`, after asking.
    func forgetMoods() throws(CommandFailure) -> CommandOutcome {
        try requireConfirmation(toRefuse: "erase every mood")
        let client = try client()
        if !invocation.assumeYes {
            let count = try client.perform { client throws(DBusError) in try client.tips.moodLogCount() }
            let moods = "\(count) mood\(count == 1 ? "" : "s")"
            guard
                confirmed(
                    "Erase every mood you logged (\(moods)) and the counts made from them, for good?")
            else { return Self.declined }
        }
        let forgotten = try client.perform { client throws(DBusError) in try client.tips.forgetMoods() }
        output(json: .object([("forgotten", .integer(Int64(forgotten)))])) {
            "Erased \(forgotten) mood\(forgotten == 1 ? "" : "s"); mood-log-count, has-logged-moods, days-using-app "
                + "and current-streak start again from 0.\n"
        }
        return .success
    }
}
