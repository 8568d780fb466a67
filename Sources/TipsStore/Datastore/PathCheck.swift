/// When a datastore makes sure, before a save, that its path still names the file it opened: the file deleted
/// under it is written again from the open copy, and a file put in its place is left alone (`TipsDatastore.save`).
public enum PathCheck: Sendable, Equatable {
    /// Before every save: a `stat(2)` of the path each time, on the save's way to its fsync.
    case beforeEverySave
    /// Before the first save, and then before the first save after ``TipsDatastore/notePathChanged()``: for a caller
    /// that follows the path itself (inotify) and notes every change that may concern it, so that a save costs no
    /// look at the path while nothing happened to it.
    case whenNoted
}
