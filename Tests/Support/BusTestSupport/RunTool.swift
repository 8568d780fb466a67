/// What a finished tool printed and how it exited.
public struct ToolResult: Sendable {
    /// The exit status; 128 + the signal number when a signal killed it, -1 when it had to be killed on timeout.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: String
    /// Everything written to standard error.
    public var stderr: String
}

/// Runs a tool such as `busctl`, `gdbus` or `dbus-send` to completion and collects its output.
///
/// - Parameters:
///   - path: An absolute path, or a name looked up in `PATH`.
///   - arguments: The arguments.
///   - env: Variables to set on top of the inherited environment; a `nil` value removes a variable.
///   - timeout: How long the tool may run before it is killed.
/// - Returns: The exit status and output.
/// - Throws: When the tool cannot be started.
public func runTool(
    _ path: String, _ arguments: [String], env: [String: String?] = [:], timeout: Duration = .seconds(20)
) throws -> ToolResult {
    let child = try ChildProcess(path, arguments, environment: env)
    let status: Int32
    switch child.waitForExit(timeout: timeout) {
    case .exited(let code): status = code
    case .signaled(let signal): status = 128 + signal
    case nil:
        child.kill()
        status = -1
    }
    let join = { (lines: [String]) in lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
    return ToolResult(
        status: status, stdout: join(child.lines(of: .standardOutput)), stderr: join(child.lines(of: .standardError)))
}
