/// The first word of each `feels-tips` command, in the order the help lists them.
public enum CommandName: String, CaseIterable, Sendable {
    /// `status`, the default command.
    case status
    /// `log MOOD`.
    case log
    /// `tips`.
    case tips
    /// `show ID`.
    case show
    /// `why ID`.
    case why
    /// `next [LOCATION]`.
    case next
    /// `invalidate ID REASON`.
    case invalidate
    /// `reset`.
    case reset
    /// `watch`.
    case watch
    /// `notifications [on|off]`.
    case notifications
    /// `moods export`, `moods forget`.
    case moods
    /// `testing …`.
    case testing
    /// `help [COMMAND]`.
    case help
}
