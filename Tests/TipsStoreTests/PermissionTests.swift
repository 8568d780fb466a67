import Foundation
import Testing
import TipsCore
import TipsStore

#if canImport(Glibc)
    import Glibc
#endif

// Serialized: the umask belongs to the whole process.
@Suite("Private permissions", .serialized)
struct PermissionTests {
    @Test(arguments: [0o000, 0o022, 0o077] as [mode_t])
    func theFileIsPrivateAndCreatedFoldersAreTooWhateverTheUmask(umask processMask: mode_t) throws {
        try withTemporaryFolder { folder in
            let existingMode = try #require(mode(of: folder))
            let path = "\(folder)/one/two/feels/tips.sqlite"
            let previousMask = umask(processMask)
            defer { umask(previousMask) }

            let datastore = try TipsDatastore(path: path)
            try datastore.save(TipsState(parameters: ParameterState(moodLogCount: 1)))

            #expect(mode(of: path) == 0o600)
            #expect(mode(of: "\(path)-wal") == 0o600)
            #expect(mode(of: "\(path)-shm") == nil)
            for created in ["one", "one/two", "one/two/feels"] {
                #expect(mode(of: "\(folder)/\(created)") == 0o700, "\(created)")
            }
            #expect(mode(of: folder) == existingMode)
            withExtendedLifetime(datastore) {}
        }
    }

    @Test func closingTheDatastoreRemovesItsWAL() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/tips.sqlite"
            try TipsDatastore(path: path).save(TipsState(parameters: ParameterState(moodLogCount: 2)))
            #expect(try contents(of: folder) == ["tips.sqlite"])
        }
    }
}
