/// What `feels-tips` is asked to do: one command and its arguments.
public enum Command: Equatable, Sendable {
    /// The service's version, parameters, display window, time zone, datastore, and the notifier's setting.
    case status
    /// `LogMood`.
    case log(mood: String)
    /// Every tip in a table, from `GetTips`.
    case tips
    /// One tip, all `GetTips` gives of it.
    case show(id: String)
    /// Why one tip is or is not shown: its rules, the display window, the explanation.
    case why(id: String)
    /// What `PresentNextTip` would show at a location (`""` for every location), recording nothing.
    case next(location: String)
    /// `InvalidateTip`.
    case invalidate(id: String, reason: String)
    /// `ResetAllTips`, after asking.
    case reset
    /// The service's signals as they happen, until interrupted.
    case watch
    /// Turns tip notifications on or off (`true`, `false`), or shows the setting (`nil`).
    case notifications(enabled: Bool?)
    /// `ExportMoods`.
    case moodsExport
    /// `ForgetMoods`, after asking.
    case moodsForget
    /// A testing switch or the display frequency, for testing.
    case testing(TestingAction)
    /// The overall help (`nil`) or one command's.
    case help(topic: CommandName?)
    /// The version.
    case version
}

/// What `feels-tips testing` does.
public enum TestingAction: Equatable, Sendable {
    /// `ShowAllTips` of `org.feels.Tips1.Testing`.
    case showAll
    /// `ShowTips` with these ids.
    case show(ids: [String])
    /// `HideAllTips`.
    case hideAll
    /// `ClearSwitches`.
    case clear
    /// `SetDisplayFrequency` of `org.feels.Tips1.Testing`.
    case frequency(String)
}
