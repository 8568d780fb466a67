import Foundation

/// Runs `body` with a fresh folder under the system's temporary folder, removed with all it holds afterwards.
@discardableResult
func withTemporaryFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("feels-tips-store-tests-\(UUID().uuidString)").path
    // 0700 whatever the umask: PermissionTests sets the process's umask to 0 while other suites run, and the
    // datastore refuses a folder other users can write to.
    try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}
