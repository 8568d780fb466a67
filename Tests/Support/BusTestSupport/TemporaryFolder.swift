import Foundation

/// A folder under the temporary directory, removed with everything in it on release.
public final class TemporaryFolder {
    /// The folder.
    public let url: URL

    /// Creates a fresh, empty folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("feels-test-\(UUID().uuidString)")
        // 0700 whatever the umask, which a test of the datastore's permissions changes while others run.
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
