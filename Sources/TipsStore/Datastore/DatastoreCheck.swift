import CSQLite

/// Checks an open datastore before it is served: every page readable and every constraint met
/// (`PRAGMA quick_check`), and every table and trigger exactly as the migrations made them.
///
/// A damaged page or an altered table is then refused at start, naming the file, rather than found by the first
/// write that touches it.
enum DatastoreCheck {
    /// Refuses a datastore whose pages, rows or schema are not what the migrations up to `version` wrote.
    ///
    /// The pages read through are those of every table but the journal, whose pages ``verifyPages(_:path:pragma:)``
    /// reads later (the journal grows with the years; its check would make start-up grow with it).
    /// - Throws: `DatastoreError.corrupt` saying what is wrong.
    static func verify(_ connection: SQLiteConnection, path: String, version: Int) throws(DatastoreError) {
        let expected = expectedSchema(atVersion: version)
        for table in ["sqlite_schema"] + expected.filter({ $0.type == "table" && $0.name != "moods" }).map(\.name) {
            try verifyPages(connection, path: path, pragma: "PRAGMA quick_check(\(table))")
        }
        let schema: [SchemaObject]
        do throws(SQLiteError) {
            schema = try objects(of: connection)
        } catch {
            throw DatastoreError(error, path: path, while: .reading)
        }
        guard schema == expected else {
            let names = Set(schema.map(\.name))
            let expectedNames = Set(expected.map(\.name))
            let differing = schema.filter { !expected.contains($0) }.map(\.name)
            let groups = [
                ("altered", differing.filter(expectedNames.contains)),
                ("unexpected", differing.filter { !expectedNames.contains($0) }),
                ("missing", expected.map(\.name).filter { !names.contains($0) }),
            ]
            let described = groups.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: ", "))" }
            throw .corrupt(path: path, reason: "its schema was altered (" + described.joined(separator: "; ") + ")")
        }
    }

    /// Reads through every page with `PRAGMA quick_check` (or the narrower `pragma`), refusing the datastore at the
    /// first problem.
    ///
    /// - Throws: `DatastoreError.corrupt` with what SQLite found.
    static func verifyPages(_ connection: SQLiteConnection, path: String, pragma: String = "PRAGMA quick_check(10)")
        throws(DatastoreError)
    {
        let problems: [[SQLiteValue]]
        do throws(SQLiteError) {
            problems = try connection.prepared(pragma).rows()
        } catch {
            throw DatastoreError(error, path: path, while: .reading)
        }
        let findings = problems.compactMap { row -> String? in
            guard case .text(let text)? = row.first, text != "ok" else { return nil }
            return text
        }
        if !findings.isEmpty {
            throw .corrupt(path: path, reason: "SQLite's check found: " + findings.joined(separator: "; "))
        }
    }

    /// One table, index or trigger, its SQL with runs of white space made single spaces.
    struct SchemaObject: Hashable {
        let type: String
        let name: String
        let sql: String
    }

    /// The schema objects a datastore of `version` holds: none for version 0, the empty datastore a first start
    /// finds; the current version's as ``Schema/creation`` makes them; an earlier one's as the migrations up to it
    /// made them (worked out only when such a datastore is opened).
    static func expectedSchema(atVersion version: Int) -> [SchemaObject] {
        switch version {
        case 0: []
        case Schema.currentVersion...: currentSchema
        default: earlierSchemas[version]
        }
    }

    /// The current version's schema: ``Schema/creation`` applied to an in-memory database.
    static let currentSchema: [SchemaObject] = schema(after: [Schema.creation]).last ?? []

    /// The schema of each version, index 0 being the empty database: the migrations applied one by one to an
    /// in-memory database.
    static let earlierSchemas: [[SchemaObject]] = schema(after: Schema.migrations)

    /// The schema of an empty in-memory database, then after each of `migrations` applied to it in turn.
    private static func schema(after migrations: [SchemaMigration]) -> [[SchemaObject]] {
        guard let memory = try? SQLiteConnection(path: ":memory:", create: true) else { return [[]] }
        var schemas = [(try? objects(of: memory)) ?? []]
        for migration in migrations {
            try? memory.execute(migration.sql)
            schemas.append((try? objects(of: memory)) ?? [])
        }
        return schemas
    }

    private static func objects(of connection: SQLiteConnection) throws(SQLiteError) -> [SchemaObject] {
        try connection.prepared("SELECT type, name, sql FROM sqlite_schema ORDER BY type, name").rows().map { row in
            func text(_ index: Int) -> String {
                if case .text(let value) = row[index] { value } else { "" }
            }
            return SchemaObject(type: text(0), name: text(1), sql: collapsingWhiteSpace(text(2)))
        }
    }

    /// `sql` with each run of spaces, tabs and line breaks made one space, and none at either end.
    static func collapsingWhiteSpace(_ sql: String) -> String {
        // By bytes: split into characters (grapheme clusters), the schema's SQL and the migrations' made every start
        // 0.3–0.45 ms slower (the bench's start-up 0.91–0.94 × without it, two runs).
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(sql.utf8.count)
        var spaced = false
        for byte in sql.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") {
                spaced = !collapsed.isEmpty
                continue
            }
            if spaced {
                collapsed.append(UInt8(ascii: " "))
                spaced = false
            }
            collapsed.append(byte)
        }
        return String(decoding: collapsed, as: UTF8.self)
    }
}
