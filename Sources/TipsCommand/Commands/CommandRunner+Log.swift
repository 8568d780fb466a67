extension CommandRunner {
    /// `feels-tips log MOOD`: `LogMood`.
    func log(_ mood: String) throws(CommandFailure) -> CommandOutcome {
        let count = try client().value(of: "LogMood", [.string(mood)], signature: "u").uint32Value ?? 0
        // The service accepts a mood in any letter case, and the moods' canonical names are lowercase.
        let name = mood.lowercased()
        output(json: .object([("mood", .string(name)), ("mood_log_count", .integer(Int64(count)))])) {
            "Logged \(name); \(count) mood\(count == 1 ? "" : "s") logged so far.\n"
        }
        return .success
    }
}
