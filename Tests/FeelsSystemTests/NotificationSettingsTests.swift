import BusTestSupport
import FeelsSystem
import Foundation
import Glibc
import Testing

/// The notifier's setting file, read and written as a key-file reader should: any line ending, a byte order mark, any
/// size up to the limit, only a regular file, and through a dotfiles manager's link.
@Suite("The notifier's setting file")
struct NotificationSettingsTests {
    static let bom = "\u{FEFF}"
    static let padding = String(repeating: "# a comment to pad the file out\n", count: 2_100)

    // Each of these once said "on" to the notifier or to feels-tips status.
    @Test(arguments: [
        ("Unix", "[Notifications]\nEnabled=false\n"),
        ("Windows", "[Notifications]\r\nEnabled=false\r\n"),
        ("classic Mac OS", "[Notifications]\rEnabled=false\r"),
        ("a byte order mark", bom + "[Notifications]\nEnabled=false\n"),
        ("a byte order mark and Windows", bom + "# Feels\r\n[Notifications]\r\nEnabled=false\r\n"),
        ("no final line ending", "[Notifications]\nEnabled=false"),
        ("spaces and tabs", "  [Notifications]\t\n\tEnabled = false  \r\n"),
        ("the line after 64 KiB", padding + "[Notifications]\r\nEnabled=false\r\n"),
        ("the last of two", "[Notifications]\nEnabled=true\n[Other]\nEnabled=true\n[Notifications]\nEnabled=false\n"),
    ])
    func offIsReadWhateverTheLineEndings(_ what: String, _ text: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notifier.conf")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))

        let state = SettingsFileState(path: path)

        #expect(state.problem == nil, "\(what): \(String(describing: state.problem))")
        #expect(state.exists)
        #expect(state.enabled == false, "\(what)")
        #expect(try SettingsFileState(path: path).settings == NotificationSettings(enabled: false), "\(what)")
    }

    @Test func aBadValueNamesItsLineWhateverTheLineEndings() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notifier.conf")
        try Data("# Feels\r\n[Notifications]\r\nEnabled=no\r\n".utf8).write(to: URL(fileURLWithPath: path))

        let state = SettingsFileState(path: path)

        #expect(state.problem == .invalidValue(path: path, line: 3, value: "no"))
        #expect(state.enabled == false)
    }

    @Test func aFileUpToTheLimitIsReadWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notifier.conf")
        let tail = "[Notifications]\nEnabled=false\n"
        let filler = String(repeating: "#", count: NotificationSettings.sizeLimit - tail.utf8.count - 1) + "\n"
        try Data((filler + tail).utf8).write(to: URL(fileURLWithPath: path))

        let state = SettingsFileState(path: path)

        #expect(state.problem == nil)
        #expect(state.enabled == false)
    }

    @Test func aFileOverTheLimitIsRefusedWithAClearMessage() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notifier.conf")
        let size = NotificationSettings.sizeLimit + 1
        try Data(String(repeating: "#", count: size - 1).utf8 + [0x0A]).write(to: URL(fileURLWithPath: path))

        let state = SettingsFileState(path: path)

        #expect(
            state.problem?.description
                == "Cannot read settings '\(path)': it is \(size) bytes long; a file over 1048576 bytes is not read")
        #expect(state.enabled == false)
        #expect(throws: SettingsError.self) { try SettingsFileState(path: path).settings }
    }

    // A FIFO as notifier.conf once blocked the notifier and feels-tips status in open().
    @Test func aFIFOIsRefusedAtOnceWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notifier.conf")
        #expect(mkfifo(path, 0o600) == 0)

        let state = try Self.withinSeconds(5, unblocking: path) { SettingsFileState(path: path) }

        #expect(state.problem?.description == "Cannot read settings '\(path)': it is a FIFO, not a regular file")
        #expect(state.enabled == false)
    }

    @Test func aFolderADeviceAndASocketAreRefusedByName() throws {
        let folder = try TemporaryFolder()
        let directory = folder.path("folder.conf")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let device = folder.path("device.conf")
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/null")
        let socketPath = folder.path("socket.conf")
        let socket = try Self.listeningSocket(at: socketPath)
        defer { close(socket) }

        for (path, kind) in [(directory, "a folder"), (device, "a character device"), (socketPath, "a socket")] {
            let state = SettingsFileState(path: path)
            #expect(state.problem?.description == "Cannot read settings '\(path)': it is \(kind), not a regular file")
            #expect(state.enabled == false)
        }
    }

    @Test func noFileAndADanglingLinkMeanOnByDefault() throws {
        let folder = try TemporaryFolder()
        let dangling = folder.path("dangling.conf")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path("nowhere"))

        for path in [folder.path("missing.conf"), dangling, folder.path("no-folder/notifier.conf")] {
            let state = SettingsFileState(path: path)
            #expect(state.problem == nil)
            #expect(state.exists == false)
            #expect(state.enabled)
        }
    }

    // `feels-tips notifications off` once replaced a symlinked notifier.conf with a plain file.
    @Test func savingThroughALinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("dotfiles"), withIntermediateDirectories: true)
        let target = folder.path("dotfiles/notifier.conf")
        try Data("[Notifications]\nEnabled=true\n".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o644)
        let middle = folder.path("dotfiles/current.conf")
        try FileManager.default.createSymbolicLink(atPath: middle, withDestinationPath: "notifier.conf")
        try FileManager.default.createDirectory(atPath: folder.path("config/feels"), withIntermediateDirectories: true)
        let link = folder.path("config/feels/notifier.conf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../dotfiles/current.conf")
        let inodeBefore = try Self.status(of: target).st_ino

        try NotificationSettings(enabled: false).save(to: link)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../../dotfiles/current.conf")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: middle) == "notifier.conf")
        let after = try Self.status(of: target)
        #expect(after.st_mode & S_IFMT == S_IFREG)
        #expect(after.st_ino != inodeBefore, "replaced by a rename, not written in place")
        #expect(after.st_mode & 0o7777 == 0o644, "the file replaced keeps its mode")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Enabled=false"))
        #expect(SettingsFileState(path: link).enabled == false)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("dotfiles")).sorted() == [
                "current.conf", "notifier.conf",
            ])
    }

    @Test func savingThroughADanglingLinkCreatesItsTarget() throws {
        let folder = try TemporaryFolder()
        let link = folder.path("notifier.conf")
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: folder.path("dotfiles/feels.conf"))

        try NotificationSettings(enabled: false).save(to: link)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == folder.path("dotfiles/feels.conf"))
        let created = try Self.status(of: folder.path("dotfiles/feels.conf"))
        #expect(created.st_mode & 0o7777 == 0o600)
        #expect(try Self.status(of: folder.path("dotfiles")).st_mode & 0o7777 == 0o700)
        #expect(SettingsFileState(path: link).enabled == false)
    }

    @Test func savingOverAFIFOOrAFolderIsRefusedAndLeavesItAlone() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("fifo.conf")
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = folder.path("folder.conf")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)

        for (path, kind) in [(fifo, "a FIFO"), (directory, "a folder")] {
            #expect(throws: SettingsError.cannotWrite(path: path, reason: "it is \(kind), not a regular file")) {
                try NotificationSettings(enabled: false).save(to: path)
            }
        }
        #expect(try Self.status(of: fifo).st_mode & S_IFMT == S_IFIFO)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "fifo.conf", "folder.conf",
            ])
    }

    // MARK: - Helpers

    static func status(of path: String) throws -> stat {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return status
    }

    /// Runs `body` on a thread of its own and fails when it takes longer than `seconds`; a FIFO at `fifo` is then
    /// opened for writing, so that a reader blocked in open() returns and the test ends.
    static func withinSeconds<Result: Sendable>(
        _ seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () -> Result
    ) throws -> Result {
        let result = Locked<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result.update { $0 = body() }
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            done.wait()
            if writer >= 0 { close(writer) }
            Issue.record("still reading after \(seconds) s")
        }
        return try #require(result.current)
    }

    static func listeningSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
        return descriptor
    }
}
