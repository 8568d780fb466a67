import BusTestSupport
import FeelsSystem
import Foundation
import Glibc
import Testing

/// Following one file by name, whatever becomes of its folders and of a link's target.
@Suite("Following a file by name")
struct PathWatchTests {
    /// A config home with `feels/notifier.conf` in it, followed.
    final class Followed {
        let home: TemporaryFolder
        let watch: PathWatch
        var config: String { home.path("config") }
        var folder: String { home.path("config/feels") }
        var file: String { home.path("config/feels/notifier.conf") }

        init(makingFolder: Bool = true, watchingTheFolderAbove: Bool = true) throws {
            home = try TemporaryFolder()
            if makingFolder {
                try FileManager.default.createDirectory(
                    atPath: home.path("config/feels"), withIntermediateDirectories: true)
            }
            watch = try PathWatch(
                path: home.path("config/feels/notifier.conf"), watchingTheFolderAbove: watchingTheFolderAbove)
        }

        /// Whether the descriptor becomes readable at all within `time`: a wake-up of the process, concerned or not.
        func wakes(withinMilliseconds milliseconds: Int32 = 300) -> Bool {
            var descriptor = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, milliseconds) > 0
        }

        /// Whether the watch reports something about the file within `timeout`.
        func reports(within timeout: Duration = .seconds(5)) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                var descriptor = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 100) > 0, watch.drainEvents() { return true }
            }
            return false
        }

        /// Whether the watch stays quiet about the file for `time`.
        func staysQuiet(for time: Duration = .milliseconds(300)) -> Bool {
            !reports(within: time)
        }

        func write(_ text: String, to path: String? = nil) throws {
            try text.write(toFile: path ?? file, atomically: true, encoding: .utf8)
        }
    }

    @Test func aWriteARemovalAndARenameOverTheFileAreReported() throws {
        let followed = try Followed()
        try followed.write("[Notifications]\nEnabled=false\n")
        #expect(followed.reports())
        try FileManager.default.removeItem(atPath: followed.file)
        #expect(followed.reports())
        // The file's own watch ends (IN_DELETE_SELF, IN_IGNORED) when the kernel lets the inode go, which on a
        // loaded machine comes after the folder's IN_DELETE was read: let it come before listening for quiet.
        _ = followed.reports(within: .milliseconds(300))
        #expect(FileManager.default.createFile(atPath: followed.folder + "/x", contents: Data("x".utf8)))
        #expect(followed.staysQuiet(), "another file in the folder is not the file")
        #expect(rename(followed.folder + "/x", followed.file) == 0)
        #expect(followed.reports())
    }

    // With ~/.config/feels removed and made again, the watch once stayed on the old folder.
    @Test func theFolderRemovedAndMadeAgainIsFollowed() throws {
        let followed = try Followed()
        try followed.write("[Notifications]\nEnabled=true\n")
        #expect(followed.reports())

        try FileManager.default.removeItem(atPath: followed.folder)
        #expect(followed.reports())
        try FileManager.default.createDirectory(atPath: followed.folder, withIntermediateDirectories: false)
        _ = followed.reports(within: .milliseconds(300))
        try followed.write("[Notifications]\nEnabled=false\n")
        #expect(followed.reports())
        try followed.write("[Notifications]\nEnabled=true\n")
        #expect(followed.reports())
    }

    @Test func theConfigHomeRemovedAndMadeAgainIsFollowed() throws {
        let followed = try Followed()
        try FileManager.default.removeItem(atPath: followed.config)
        #expect(followed.reports())

        try FileManager.default.createDirectory(atPath: followed.folder, withIntermediateDirectories: true)
        _ = followed.reports(within: .milliseconds(300))
        try followed.write("[Notifications]\nEnabled=false\n")
        #expect(followed.reports())
    }

    @Test func theFolderRenamedAwayAndAnotherPutInItsPlaceIsFollowed() throws {
        let followed = try Followed()
        #expect(rename(followed.folder, followed.folder + ".old") == 0)
        #expect(followed.reports())
        try followed.write("[Notifications]\nEnabled=false\n", to: followed.folder + ".old/notifier.conf")
        #expect(followed.staysQuiet(), "the old folder is no longer the file's")

        try FileManager.default.createDirectory(atPath: followed.folder + ".new", withIntermediateDirectories: false)
        try followed.write("[Notifications]\nEnabled=false\n", to: followed.folder + ".new/notifier.conf")
        #expect(rename(followed.folder + ".new", followed.folder) == 0)
        #expect(followed.reports())
        try followed.write("[Notifications]\nEnabled=true\n")
        #expect(followed.reports())
    }

    @Test func aFolderThatDoesNotExistYetIsFollowedOnceMade() throws {
        let followed = try Followed(makingFolder: false)
        try FileManager.default.createDirectory(atPath: followed.folder, withIntermediateDirectories: true)
        _ = followed.reports(within: .milliseconds(300))
        try followed.write("[Notifications]\nEnabled=false\n")
        #expect(followed.reports())
    }

    @Test func aLinkedFileIsFollowedToItsTargetAndWhenRepointed() throws {
        let followed = try Followed()
        let dotfiles = followed.home.path("dotfiles")
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try followed.write("[Notifications]\nEnabled=true\n", to: dotfiles + "/feels.conf")
        try FileManager.default.createSymbolicLink(
            atPath: followed.file, withDestinationPath: "../../dotfiles/feels.conf")
        #expect(followed.reports())

        // An editor replaces the target in its own folder: nothing happens beside the link.
        try followed.write("[Notifications]\nEnabled=false\n", to: dotfiles + "/feels.conf")
        #expect(followed.reports())
        try followed.write("# unrelated\n", to: dotfiles + "/other.conf")
        #expect(followed.staysQuiet())

        try FileManager.default.removeItem(atPath: followed.file)
        try FileManager.default.createSymbolicLink(atPath: followed.file, withDestinationPath: dotfiles + "/other.conf")
        #expect(followed.reports())
        try followed.write("[Notifications]\nEnabled=false\n", to: dotfiles + "/other.conf")
        #expect(followed.reports())
    }

    // The datastore's watch: ~/.local/share takes other applications' files all day, and must not wake the service.
    @Test func withoutTheFolderAboveItsEntriesWakeNothingAndTheFileAndItsFolderAreStillFollowed() throws {
        let followed = try Followed(watchingTheFolderAbove: false)
        try followed.write("# another application's settings\n", to: followed.config + "/other.conf")
        try FileManager.default.createDirectory(
            atPath: followed.config + "/another-app", withIntermediateDirectories: false)
        #expect(!followed.wakes(), "an entry of the folder above woke the watch")
        try followed.write("[Notifications]\nEnabled=false\n")
        #expect(followed.reports())
        try FileManager.default.removeItem(atPath: followed.file)
        #expect(followed.reports())
        _ = followed.reports(within: .milliseconds(300))
        #expect(rename(followed.folder, followed.folder + ".old") == 0)
        #expect(followed.reports(), "the file's folder renamed away")
        #expect(rename(followed.folder + ".old", followed.folder) == 0)
        #expect(followed.reports(), "the file's folder back")
        _ = followed.reports(within: .milliseconds(300))
        try followed.write("[Notifications]\nEnabled=true\n")
        #expect(followed.reports(), "the file in the folder back")
    }

    @Test func filesWrittenInTheFolderAboveDoNotConcernTheFile() throws {
        let followed = try Followed()
        try followed.write("# another application's settings\n", to: followed.config + "/other.conf")
        #expect(followed.staysQuiet())
    }
}
