/// How `feels-tips` exits: statuses scripts can rely on, documented in `--help` and the README.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command did what was asked.
    case success = 0
    /// The service answered with an error (its message is printed), or the notifier's settings file could not be
    /// read or written.
    case failed = 1
    /// The command line is wrong, or a confirmation is needed and standard input is not a terminal.
    case usage = 2
    /// `feels-tipsd` is not running and cannot be started, did not answer, waits for a datastore another session's
    /// service holds (`org.feels.Tips1.Error.InUse`), or there is no bus.
    case unreachable = 3
    /// `next`: there is no tip to show.
    case nothingToShow = 4
    /// The question was answered no; nothing was changed.
    case declined = 5
}
