/// Which pages of a datastore opening reads through, checking each, before anything is written.
public enum PageCheck: Hashable, Sendable {
    /// Every page.
    case all
    /// Every page but the journal's, which ``TipsDatastore/verifyJournalPages()`` checks later: the journal grows
    /// with the years, and reading it all would make every start slower.
    case allButTheJournal
}
