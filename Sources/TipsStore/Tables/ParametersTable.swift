import TipsCore

/// The `parameters` table: one row with the parameter state and the display window.
enum ParametersTable {
    /// Reads the row.
    static let select = """
        SELECT has_logged_moods, mood_log_count, has_seen_settings, first_use_day, streak_first_day, \
        streak_last_day, display_window_opened FROM parameters WHERE id = 1
        """

    /// Writes the row, whether or not it exists; bind ``parameters(of:)``.
    static let replace = """
        REPLACE INTO parameters (id, has_logged_moods, mood_log_count, has_seen_settings, first_use_day, \
        streak_first_day, streak_last_day, display_window_opened) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """

    /// The values of ``replace``'s parameters for `state`.
    static func parameters(of state: TipsState) -> [SQLiteValue] {
        let parameters = state.parameters
        return [
            .integer(Int64(parameters.hasLoggedMoods)),
            .integer(Int64(parameters.moodLogCount)),
            .integer(parameters.hasSeenSettings ? 1 : 0),
            .integer(parameters.firstUseDay.map { Int64($0.rawValue) }),
            .integer(parameters.streak.map { Int64($0.first.rawValue) }),
            .integer(parameters.streak.map { Int64($0.last.rawValue) }),
            .integer(state.displayWindowOpened?.microsecondsSinceEpoch),
        ]
    }

    /// The parameter state and display window a row of ``select`` holds.
    ///
    /// - Throws: `RowDecodingError` for a value no version writes.
    static func decode(_ values: [SQLiteValue]) throws(RowDecodingError) -> (ParameterState, Instant?) {
        let row = RowReader(row: "parameters row", values: values)
        let firstDay = try row.optionalDay(4, "streak_first_day")
        let lastDay = try row.optionalDay(5, "streak_last_day")
        let streak: DayRun?
        switch (firstDay, lastDay) {
        case (nil, nil):
            streak = nil
        case (let first?, let last?) where first <= last:
            streak = DayRun(first: first, last: last)
        case (let first?, let last?):
            throw row.problem("streak_last_day", "is \(last.rawValue), before streak_first_day \(first.rawValue)")
        case (nil, _?):
            throw row.problem("streak_first_day", "is NULL but streak_last_day is not")
        case (_?, nil):
            throw row.problem("streak_last_day", "is NULL but streak_first_day is not")
        }
        let parameters = ParameterState(
            hasLoggedMoods: try row.count(0, "has_logged_moods"),
            moodLogCount: try row.count(1, "mood_log_count"),
            hasSeenSettings: try row.flag(2, "has_seen_settings"),
            firstUseDay: try row.optionalDay(3, "first_use_day"),
            streak: streak
        )
        return (parameters, try row.optionalInstant(6, "display_window_opened"))
    }
}
