import DBus
import TipsInterface

extension CommandRunner {
    /// `feels-tips reset`: `ResetAllTips`, after asking.
    func reset() throws(CommandFailure) -> CommandOutcome {
        try requireConfirmation(toRefuse: "reset every tip")
        let client = try client()
        guard
            confirmed(
                "Reset every tip, the display history and every parameter to a fresh install's (the mood journal "
                    + "is kept)?")
        else { return Self.declined }
        try client.perform { client throws(DBusError) in try client.tips.resetAllTips() }
        output(json: .object([("reset", .bool(true))])) {
            "Every tip and parameter is back to a fresh install's; the mood journal is kept "
                + "('feels-tips moods forget' erases it).\n"
        }
        return .success
    }
}
