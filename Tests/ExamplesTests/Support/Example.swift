import BusTestSupport
import Foundation

/// One of the examples in `examples/`, run as an app developer would run it, on the session bus the service is on.
struct Example {
    /// The repository's `examples` folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// The path of `relative` inside `examples/`.
    static func path(_ relative: String) -> String {
        folder.appendingPathComponent(relative).path
    }

    /// Runs `command` with the service's private bus as the session bus, and returns its output a line each.
    static func run(_ command: [String], on service: RunningService) throws -> (result: ToolResult, lines: [String]) {
        let result = try runTool(
            command[0], Array(command.dropFirst()), env: ["DBUS_SESSION_BUS_ADDRESS": service.bus.address],
            timeout: .seconds(60))
        return (result, result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}
