import Foundation

/// Checks `condition` until it holds or `timeout` passes, sleeping briefly between checks.
///
/// For conditions only a query can tell (a bus name's owner, a server's count); never used to let time pass.
///
/// - Returns: Whether the condition held before the deadline.
@discardableResult
func eventually(timeout: Duration = .seconds(20), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        usleep(20_000)
    }
}

/// A folder under the system's temporary folder, removed with all it holds when released.
final class TemporaryFolder {
    let url: URL

    init(_ prefix: String = "feels-notifier-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }
}
