import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips log MOOD`: `LogMood`.
    func log(_ mood: String) throws(CommandFailure) -> CommandOutcome {
        let count = try client().perform { client throws(DBusError) in try client.tips.logMood(mood: mood) }
        // The service accepts a mood in any letter case, and the moods' canonical names are lowercase.
        let name = mood.lowercased()
        output(json: .object([("mood", .string(name)), ("mood_log_count", .integer(Int64(count)))])) {
            "Logged \(name); \(count) mood\(count == 1 ? "" : "s") logged so far.\n"
        }
        return .success
    }
}
