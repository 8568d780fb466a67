import Foundation

/// Runs `body` with a fresh folder under the system's temporary folder, removed with all it holds afterwards.
@discardableResult
func withTemporaryFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("feels-tips-store-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}
