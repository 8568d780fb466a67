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
