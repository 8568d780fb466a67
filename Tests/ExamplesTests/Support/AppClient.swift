import BusTestSupport

/// The job-oriented clients of examples/: the same app's tips in Python (`python/tips-app.py`, PyGObject's Gio) and
/// in GJS (`gjs/tips-app.js`), each a Gio proxy built from the interface XML, with one command line and one output.
enum AppClient: String, CaseIterable, Sendable {
    case python
    case gjs

    /// The command that runs it, before its arguments.
    var command: [String] {
        switch self {
        case .python: ["/usr/bin/python3", Example.path("python/tips-app.py")]
        case .gjs: ["gjs", "-m", Example.path("gjs/tips-app.js")]
        }
    }

    /// Runs one job (`anchor TimeViewTip`, say) to completion, as a German user's app would run it.
    func run(_ arguments: String..., on service: RunningService) throws -> (result: ToolResult, lines: [String]) {
        try Example.run(command + arguments, on: service, environment: try Example.germanUser())
    }

    /// Starts one job that waits (`anchor SiriShortcutTip --follow`), as a German user's app would start it.
    func start(_ arguments: String..., on service: RunningService) throws -> ChildProcess {
        try ChildProcess(
            command[0], Array(command.dropFirst()) + arguments,
            environment: Example.environment(try Example.germanUser(), on: service))
    }
}
