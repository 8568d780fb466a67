import Testing
import TipsStore

@Suite("Default path")
struct DefaultPathTests {
    @Test(arguments: [
        (["XDG_DATA_HOME": "/data", "HOME": "/home/ada"], "/data/feels/tips.sqlite"),
        (["XDG_DATA_HOME": "/data/", "HOME": "/home/ada"], "/data/feels/tips.sqlite"),
        (["HOME": "/home/ada"], "/home/ada/.local/share/feels/tips.sqlite"),
        (["XDG_DATA_HOME": "", "HOME": "/home/ada"], "/home/ada/.local/share/feels/tips.sqlite"),
        (["XDG_DATA_HOME": "data", "HOME": "/home/ada/"], "/home/ada/.local/share/feels/tips.sqlite"),
        (["XDG_DATA_HOME": "/", "HOME": "/home/ada"], "/feels/tips.sqlite"),
    ])
    func theDefaultPathFollowsTheXDGBaseDirectorySpecification(environment: [String: String], expected: String)
        throws
    {
        #expect(try TipsDatastore.defaultPath(environment: environment) == expected)
    }

    @Test(arguments: [
        [:],
        ["HOME": ""],
        ["XDG_DATA_HOME": "data", "HOME": "ada"],
    ])
    func theDefaultPathIsRefusedWithoutAnAbsoluteFolder(environment: [String: String]) {
        let error = #expect(throws: DatastoreError.self) {
            try TipsDatastore.defaultPath(environment: environment)
        }
        guard case .noDataFolder(let reason)? = error else {
            Issue.record("expected noDataFolder, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("XDG_DATA_HOME") && reason.contains("HOME"))
    }

    @Test func errorsNameThePathInSingleQuotes() {
        #expect(
            DatastoreError.newerSchema(path: "/path", found: 7, supported: 1).description
                == "Datastore '/path' has schema version 7; this feels-tipsd understands up to 1")
        #expect(DatastoreError.inUse(path: "/path").description.hasPrefix("Datastore '/path' is in use"))
    }
}
