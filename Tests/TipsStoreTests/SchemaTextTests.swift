import Testing

@testable import TipsStore

/// The schema's SQL is compared with its runs of white space collapsed, as they were before the check went by bytes.
@Suite struct SchemaTextTests {
    @Test(arguments: [
        ("CREATE TABLE moods (id INTEGER)", "CREATE TABLE moods (id INTEGER)"),
        ("  CREATE TABLE\tmoods (\n    id INTEGER,\n\t\tday TEXT\n)\n", "CREATE TABLE moods ( id INTEGER, day TEXT )"),
        ("CHECK (x = 'a  b')", "CHECK (x = 'a b')"),
        ("\n\t ", ""),
        ("", ""),
        ("SELECT 'é'\u{A0} ", "SELECT 'é'\u{A0}"),
    ])
    func runsOfWhiteSpaceBecomeOneSpaceAndNoneAtTheEnds(sql: String, collapsed: String) {
        #expect(DatastoreCheck.collapsingWhiteSpace(sql) == collapsed)
    }
}
