import BusTestSupport
import Foundation
import Testing
import TipsCommand
import TipsInterface

/// The built `feels-tips`, run to completion as a script would run it: standard input from /dev/null, output
/// through pipes.
enum FeelsTips {
    /// Runs `feels-tips ARGUMENTS` with `--address` naming the service's bus and `XDG_CONFIG_HOME` in the service's
    /// temporary folder, so that nothing of the machine's own settings is read or written.
    static func run(
        _ arguments: [String], on service: RunningService, environment: [String: String?] = [:]
    ) throws -> ToolResult {
        var merged: [String: String?] = ["XDG_CONFIG_HOME": configHome(of: service)]
        merged.merge(environment) { $1 }
        return try run(["--address", service.bus.address] + arguments, environment: merged)
    }

    /// Runs `feels-tips COMMAND ARGUMENTS` on the service's bus, as `run(_:on:environment:)` does.
    static func run(
        _ command: CommandName, _ arguments: [String] = [], on service: RunningService,
        environment: [String: String?] = [:]
    ) throws -> ToolResult {
        try run([command.rawValue] + arguments, on: service, environment: environment)
    }

    /// Runs `feels-tips ARGUMENTS` as they are.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> ToolResult {
        try runTool(try builtProduct("feels-tips"), arguments, env: environment, timeout: .seconds(60))
    }

    /// The config folder `run(_:on:environment:)` gives the command.
    static func configHome(of service: RunningService) -> String {
        service.folder.appendingPathComponent("config").path
    }

    /// Standard output parsed as one JSON document.
    static func json(_ result: ToolResult) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    /// Standard output parsed as one JSON object.
    static func object(_ result: ToolResult) throws -> [String: Any] {
        try #require(try json(result) as? [String: Any], "not a JSON object: \(result.stdout)")
    }
}

extension ToolResult {
    /// Both streams, for a failed expectation's message.
    var transcript: String {
        "status \(status)\nstdout:\n\(stdout)stderr:\n\(stderr)"
    }
}

extension Dictionary where Key == String {
    /// The member a contract key names in JSON that `feels-tips` wrote: `object[.invalidationReason]`.
    subscript(_ key: Tips1.Tip.Key) -> Value? { self[key.rawValue] }

    /// The member a rule's key names: `rule[.satisfied]`.
    subscript(_ key: Tips1.Rule.Key) -> Value? { self[key.rawValue] }

    /// The member a property names: `properties[.moodLogCount]`.
    subscript(_ property: Tips1.Property) -> Value? { self[property.name.rawValue] }
}
