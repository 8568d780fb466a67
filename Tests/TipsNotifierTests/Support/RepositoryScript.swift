import Foundation

/// The helper programs in `scripts/lib` that the fixtures share with `scripts/desktops`: the stand-in Feels app and
/// the accessibility reader.
enum RepositoryScript {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/lib")

    /// The path of the helper `name`, such as `onscreen`.
    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }
}
