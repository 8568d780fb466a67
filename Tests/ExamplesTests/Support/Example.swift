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
    static func run(_ command: [String], on service: RunningService, environment: [String: String?] = [:]) throws
        -> (result: ToolResult, lines: [String])
    {
        let result = try runTool(
            command[0], Array(command.dropFirst()), env: Self.environment(environment, on: service),
            timeout: .seconds(60))
        return (result, result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// `environment` with the service's private bus as the session bus.
    static func environment(_ environment: [String: String?], on service: RunningService) -> [String: String?] {
        var environment = environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = service.bus.address
        // The Python examples import feels_tips.py: no __pycache__ written into the source tree.
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return environment
    }

    /// A service that speaks only English itself, with the project's catalogs: German words come only from the
    /// languages an app asks for.
    static func serviceEnvironment() throws -> [String: String?] {
        [
            "LANG": "C.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil, "LANGUAGE": nil,
            "TEXTDOMAINDIR": try Translations.catalogFolder(),
        ]
    }

    /// A user who reads German: `LANG=de_DE.UTF-8`, the locale generated (GJS prints in the locale's charset), so
    /// `g_get_language_names()` answers `de_DE.UTF-8, de_DE, de.UTF-8, de, C`.
    static func germanUser() throws -> [String: String?] {
        try Translations.environment(locale: "de_DE.UTF-8")
    }
}
