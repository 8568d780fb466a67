/// One mood of the journal, as `ExportMoods` gives it.
struct ExportedMood {
    /// When it was logged, in microseconds since the epoch.
    var loggedAt: Int64
    /// The mood.
    var mood: String
    /// The UTC offset of the user's clock then, in seconds east of UTC.
    var utcOffset: Int

    /// When it was logged, as the user's clock read then: `2026-11-30T16:20:01+01:00`.
    var time: String {
        LocalTime.iso8601(loggedAt, utcOffset: utcOffset)
    }

    /// `{"time": …, "logged_at": …, "utc_offset": …, "mood": …}`.
    var json: JSONValue {
        .object([
            ("time", .string(time)), ("logged_at", .integer(loggedAt)), ("utc_offset", .integer(Int64(utcOffset))),
            ("mood", .string(mood)),
        ])
    }
}
