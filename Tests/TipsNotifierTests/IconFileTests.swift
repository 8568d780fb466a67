import BusTestSupport
import Foundation
import Testing
import TipsCore
@testable import TipsNotifier

/// The notification's image as a file every server can draw: mako looks icon names up in hicolor alone, GNOME Shell
/// in Adwaita, Plasma in Breeze, and no name of a tip is in all three.
@Suite("The notification's icon file")
struct IconFileTests {
    /// A data folder with icon files at `paths` (under `icons/`), each a few bytes.
    static func dataFolder(_ paths: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for path in paths {
            let file = folder.url.appendingPathComponent("icons/\(path)")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("icon".utf8).write(to: file)
        }
        return folder
    }

    @Test func theFirstNameFoundWinsAdwaitaBeforeHicolorAndNotificationSizesFirst() throws {
        let folder = try Self.dataFolder([
            "hicolor/48x48/apps/first.png", "Adwaita/512x512/devices/first.png", "Adwaita/48x48/legacy/first.png",
            "Adwaita/scalable/apps/second.svg",
        ])
        let data = folder.url.path
        #expect(
            IconFile.find(["missing", "first", "second"], in: [data])?.path
                == "\(data)/icons/Adwaita/48x48/legacy/first.png")
        #expect(IconFile.find(["second", "first"], in: [data])?.name == "second")
        #expect(IconFile.find(["missing"], in: [data]) == nil)
        #expect(IconFile.find([], in: [data]) == nil)
    }

    @Test func theUsersDataFolderComesBeforeTheSystems() throws {
        let user = try Self.dataFolder(["hicolor/48x48/apps/org.feels.Feels.png"])
        let system = try Self.dataFolder(["hicolor/48x48/apps/org.feels.Feels.png"])
        let found = IconFile.find(["org.feels.Feels"], in: [user.url.path, system.url.path])
        #expect(found?.path.hasPrefix(user.url.path) == true)
    }

    @Test(arguments: ["../first", "a/../../first", "/etc/passwd", ".hidden", "new\nline", ""])
    func aNameThatIsNoPlainIconNameIsNeverPartOfAPath(_ name: String) throws {
        let folder = try Self.dataFolder(["Adwaita/48x48/apps/first.png", "Adwaita/48x48/apps/.hidden.png"])
        #expect(IconFile.find([name], in: [folder.url.path]) == nil)
    }

    @Test func aFolderNamedAsAnIconIsNoIcon() throws {
        let folder = try Self.dataFolder(["Adwaita/48x48/apps/x/inside.png"])
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("icons/Adwaita/48x48/apps/folder.png"),
            withIntermediateDirectories: true)
        #expect(IconFile.find(["folder"], in: [folder.url.path]) == nil)
    }

    @Test func theURIEncodesWhatAPathMayHold() {
        #expect(IconFile.uri("/usr/share/icons/a.png") == "file:///usr/share/icons/a.png")
        #expect(IconFile.uri("/home/Zoë/My Icons/a#1.png") == "file:///home/Zo%C3%AB/My%20Icons/a%231.png")
    }

    /// On this system's Adwaita, every tip of the catalog has a file: none is left to the server's theme.
    @Test(arguments: TipCatalog.feels.map(\.id))
    func everyTipHasAnIconFileInAdwaita(_ id: TipID) throws {
        let tip = try #require(TipCatalog.feels.first { $0.id == id })
        let found = IconFile.find(tip.iconNames.filter { !$0.hasSuffix("-symbolic") }, in: ["/usr/share"])
        let path = try #require(found?.path, "\(tip.iconNames)")
        #expect(path.hasPrefix("/usr/share/icons/Adwaita/"))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
