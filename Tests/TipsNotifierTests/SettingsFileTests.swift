import BusTestSupport
import DBus
import Foundation
import Testing

/// The opt-out file as the real notifier follows it: Windows line endings, a byte order mark, a FIFO, its folder
/// removed and made again, a dotfiles link.
@Suite("The opt-out file, followed by the notifier", .serialized)
struct SettingsFileTests {
    @Test func offWithWindowsLineEndingsAndAByteOrderMarkShowsNothing() throws {
        let service = try RunningService()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let file = NotifierProcess.settingsFile(under: config.url)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\u{FEFF}# mine\r\n[Notifications]\r\nEnabled=false\r\n".utf8).write(to: file)

        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(notifier.waitForLog("Tip notifications are turned off in '\(file.path)'"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        #expect(try service.tip("CustomizeLayoutTip").displayCount == 0)
    }

    @Test func theFolderRemovedAndMadeAgainIsStillFollowed() throws {
        let service = try RunningService.usedToday()
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: no notification server"), "\(notifier.log)")
        let folder = NotifierProcess.settingsFile(under: config.url).deletingLastPathComponent()

        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = try NotifierProcess.writeSettings("[Notifications]\nEnabled=false\n", under: config.url)
        #expect(notifier.waitForLog("Tip notifications turned off in '\(file.path)'"), "\(notifier.log)")

        let server = try MockNotificationServer(address: service.bus.address)
        #expect(notifier.waitForLog("Tip notifications are turned off in '\(file.path)'"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
        try NotifierProcess.writeSettings("[Notifications]\nEnabled=true\n", under: config.url)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func aFIFOIsRefusedWithoutBlockingAndItsRemovalTurnsTipsOn() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let file = NotifierProcess.settingsFile(under: config.url)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(file.path, 0o600) == 0)

        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)

        #expect(
            notifier.waitForLog("Cannot read settings '\(file.path)': it is a FIFO, not a regular file"),
            "\(notifier.log)")
        let client = try DBusConnection(address: service.bus.address)
        #expect(try eventually { try hasOwner("org.feels.TipsNotifier", on: client) }, "it owns its name")
        #expect(try server.notifyCalls().isEmpty)
        try FileManager.default.removeItem(at: file)
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
    }

    @Test func aDotfilesLinkIsFollowedToTheFileItNames() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let dotfiles = config.url.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("notifier.conf")
        try Data("[Notifications]\nEnabled=false\n".utf8).write(to: target)
        let file = NotifierProcess.settingsFile(under: config.url)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target.path)
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Tip notifications are turned off in '\(file.path)'"), "\(notifier.log)")

        // An editor saving the file the link names, in its own folder.
        try "[Notifications]\nEnabled=true\n".write(to: target, atomically: true, encoding: .utf8)

        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == target.path)
    }
}
