import BusTestSupport
import DBus
import TipsInterface

// Swift 6.3 infers `throws(any Error)` for a closure such as `{ try $0.logMood(mood: "meh") }`, so the support's
// `errorName(_:)`, typed `throws(DBusError)`, does not take it: these take the closures the tests write.
extension RunningService {
    /// The D-Bus error name the calls `body` makes on `org.feels.Tips1` are answered with; `nil` when they succeed.
    func errorName(_ body: (Tips1Client) throws -> Void) throws -> String? {
        try Self.remoteErrorName { try body(tips) }
    }

    /// The D-Bus error name the calls `body` makes on the testing interface are answered with; `nil` when they
    /// succeed.
    func testingErrorName(_ body: (Tips1TestingClient) throws -> Void) throws -> String? {
        try Self.remoteErrorName { try body(testing) }
    }

    /// The name of the error the service answered `body`'s calls with; `nil` when they succeed. Any other error is
    /// thrown.
    static func remoteErrorName(_ body: () throws -> Void) throws -> String? {
        do {
            try body()
            return nil
        } catch let error as DBusError {
            guard case .remote(let name, _) = error else { throw error }
            return name
        }
    }
}
