import Foundation

/// A value shared between threads behind a condition lock, with a wait for a condition on it.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    /// Creates the box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// The current value.
    public var current: Value {
        condition.lock()
        defer { condition.unlock() }
        return value
    }

    /// Changes the value under the lock and wakes waiters.
    ///
    /// - Parameter body: Mutates the value.
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Result>(_ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&value)
    }

    /// Waits until `predicate` holds for the value, or `timeout` passes.
    ///
    /// - Returns: Whether the predicate held before the timeout.
    @discardableResult
    public func wait(timeout: Duration, until predicate: (Value) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(value) {
            if !condition.wait(until: deadline) {
                return predicate(value)
            }
        }
        return true
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    public var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
