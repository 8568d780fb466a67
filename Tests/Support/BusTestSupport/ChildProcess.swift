import Foundation
import Glibc

/// A child process with its output read line by line; killed and reaped at the latest on deinit.
public final class ChildProcess {
    /// Which output stream to read.
    public enum Stream: Sendable {
        /// Standard output.
        case standardOutput
        /// Standard error.
        case standardError
    }

    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signaled(Int32)
    }

    /// The child's process ID.
    public let pid: Int32
    private var status: Termination?
    private let output = LineBuffer()
    private let errors = LineBuffer()

    /// Starts `executable` with `arguments`, with no signals blocked or ignored whatever the calling thread's mask.
    ///
    /// - Parameters:
    ///   - executable: An absolute path, or a name looked up in `PATH`.
    ///   - arguments: The arguments.
    ///   - environment: Variables to set on top of the inherited environment; a `nil` value removes a variable.
    /// - Throws: When the executable cannot be found or started.
    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String?] = [:]) throws {
        let path = try Self.resolve(executable)
        var merged: [String: String?] = ProcessInfo.processInfo.environment
        for (name, value) in environment {
            merged[name] = value
        }
        let outputPair = try Self.socketPair()
        let errorPair = try Self.socketPair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPair.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errorPair.write, 2)
        // A process group of its own, so that whatever it starts in turn (faketime's child, say) ends with it.
        let spawned = CleanSpawn.spawn(
            path, arguments, environment: merged.compactMapValues { $0 }, actions: &actions, newProcessGroup: true)
        Glibc.close(outputPair.write)
        Glibc.close(errorPair.write)
        switch spawned {
        case .success(let child):
            pid = child
        case .failure(let error):
            Glibc.close(outputPair.read)
            Glibc.close(errorPair.read)
            throw error
        }
        output.startReading(outputPair.read)
        errors.startReading(errorPair.read)
    }

    deinit {
        kill()
    }

    /// Whether the child is still running.
    public var isRunning: Bool {
        reap(blocking: false) == nil
    }

    /// The next line the child writes to `stream`, waiting at most `timeout`; `nil` on timeout or end of output.
    public func readLine(from stream: Stream = .standardOutput, timeout: Duration = .seconds(10)) -> String? {
        buffer(stream).nextLine(timeout: timeout)
    }

    /// Waits until the reader of `stream` has reached its end: every line the child wrote is then in ``lines(of:)``.
    ///
    /// - Returns: Whether it did within `timeout` (a grandchild may hold the stream open).
    @discardableResult
    public func waitForEnd(of stream: Stream, timeout: Duration) -> Bool {
        buffer(stream).waitForEnd(timeout: timeout)
    }

    /// Every line read from `stream` so far, including those already returned by `readLine`.
    public func lines(of stream: Stream) -> [String] {
        buffer(stream).allLines
    }

    /// Sends `signal` to the child.
    public func send(signal: Int32) {
        if isRunning {
            Glibc.kill(pid, signal)
        }
    }

    /// Waits for the child to end.
    ///
    /// - Parameter timeout: The longest wait.
    /// - Returns: How it ended, or `nil` if it is still running after `timeout`.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(10)) -> Termination? {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        while reap(blocking: false) == nil {
            if Date() >= deadline { return nil }
            usleep(2_000)
        }
        // Let the readers see the end of the output (a grandchild may still hold it open).
        _ = output.waitForEnd(timeout: .seconds(2))
        _ = errors.waitForEnd(timeout: .seconds(2))
        return status
    }

    /// Stops the child: SIGTERM, then SIGKILL if it has not ended after `grace`, and reaps it.
    public func terminate(grace: Duration = .seconds(5)) {
        guard isRunning else { return }
        send(signal: SIGTERM)
        if waitForExit(timeout: grace) == nil {
            kill()
        }
    }

    /// Kills the child with SIGKILL and reaps it.
    public func kill() {
        guard isRunning else { return }
        Glibc.kill(pid, SIGKILL)
        _ = reap(blocking: true)
        killGroup()
    }

    /// Kills what is left of the child's process group: processes it started that outlived it.
    public func killGroup() {
        Glibc.kill(-pid, SIGKILL)
    }

    /// Collects the child's exit status once it has ended.
    private func reap(blocking: Bool) -> Termination? {
        if let status { return status }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
        guard result == pid else { return nil }
        let signal = raw & 0x7f
        status = signal == 0 ? .exited((raw >> 8) & 0xff) : .signaled(signal)
        return status
    }

    private static func socketPair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else {
            throw ChildProcessError.spawnFailed("socketpair", errno)
        }
        return (fds[0], fds[1])
    }

    private func buffer(_ stream: Stream) -> LineBuffer {
        stream == .standardOutput ? output : errors
    }

    /// The absolute path of `name`, searched in `PATH` when it has no slash.
    static func resolve(_ name: String) throws -> String {
        if name.contains("/") { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ChildProcessError.notFound(name)
    }
}

/// Why a child process could not be started.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// No executable of that name in `PATH`.
    case notFound(String)
    /// posix_spawn or a pipe failed with this error number.
    case spawnFailed(String, Int32)
    /// The child did not print what was expected in time.
    case timedOut(String)

    /// A one-line account of the error.
    public var description: String {
        switch self {
        case .notFound(let name): "Executable '\(name)' not found in PATH"
        case .spawnFailed(let what, let code): "Cannot start '\(what)': error \(code)"
        case .timedOut(let what): "Timed out waiting for \(what)"
        }
    }
}

/// Collects a pipe's output as lines, from a reading thread of its own, for a test thread to wait on.
final class LineBuffer: Sendable {
    private struct State {
        var pending = Data()
        var lines: [String] = []
        var consumed = 0
        var ended = false
    }

    private let state = Locked(State())

    /// Reads `fd` on a thread of its own until the end of the output, then closes it.
    func startReading(_ fd: Int32) {
        let thread = Thread { [state] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(fd, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                state.update { state in
                    state.pending.append(contentsOf: chunk[0..<count])
                    while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                        state.lines.append(
                            String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self))
                        state.pending.removeSubrange(state.pending.startIndex...newline)
                    }
                }
            }
            Glibc.close(fd)
            state.update { state in
                if !state.pending.isEmpty { state.lines.append(String(decoding: state.pending, as: UTF8.self)) }
                state.pending.removeAll()
                state.ended = true
            }
        }
        thread.start()
    }

    var allLines: [String] {
        state.current.lines
    }

    func nextLine(timeout: Duration) -> String? {
        state.wait(timeout: timeout) { $0.consumed < $0.lines.count || $0.ended }
        return state.update { state in
            guard state.consumed < state.lines.count else { return nil }
            state.consumed += 1
            return state.lines[state.consumed - 1]
        }
    }

    func waitForEnd(timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.ended }
    }
}
