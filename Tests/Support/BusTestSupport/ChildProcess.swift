import Foundation

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

    private let process = Process()
    private let output = LineBuffer()
    private let errors = LineBuffer()

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - executable: An absolute path, or a name looked up in `PATH`.
    ///   - arguments: The arguments.
    ///   - environment: Variables to set on top of the inherited environment; a `nil` value removes a variable.
    /// - Throws: When the executable cannot be found or started.
    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String?] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: try Self.resolve(executable))
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment {
            merged[name] = value
        }
        process.environment = merged
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        output.attach(outputPipe.fileHandleForReading)
        errors.attach(errorPipe.fileHandleForReading)
        try process.run()
    }

    deinit {
        kill()
    }

    /// The child's process ID.
    public var pid: Int32 {
        process.processIdentifier
    }

    /// Whether the child is still running.
    public var isRunning: Bool {
        process.isRunning
    }

    /// The next line the child writes to `stream`, waiting at most `timeout`; `nil` on timeout or end of output.
    public func readLine(from stream: Stream = .standardOutput, timeout: Duration = .seconds(10)) -> String? {
        buffer(stream).nextLine(timeout: timeout)
    }

    /// Every line read from `stream` so far, including those already returned by `readLine`.
    public func lines(of stream: Stream) -> [String] {
        buffer(stream).allLines
    }

    /// Sends `signal` to the child.
    public func send(signal: Int32) {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, signal)
        }
    }

    /// Waits for the child to end.
    ///
    /// - Parameter timeout: The longest wait.
    /// - Returns: How it ended, or `nil` if it is still running after `timeout`.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(10)) -> Termination? {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        while process.isRunning {
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.005)
        }
        // Let the output readers see the end of the pipes.
        _ = output.waitForEnd(timeout: .seconds(2))
        _ = errors.waitForEnd(timeout: .seconds(2))
        switch process.terminationReason {
        case .uncaughtSignal: return .signaled(process.terminationStatus)
        default: return .exited(process.terminationStatus)
        }
    }

    /// Stops the child: SIGTERM, then SIGKILL if it has not ended after `grace`, and reaps it.
    public func terminate(grace: Duration = .seconds(2)) {
        guard process.isRunning else { return }
        send(signal: SIGTERM)
        if waitForExit(timeout: grace) == nil {
            kill()
        }
    }

    /// Kills the child with SIGKILL and reaps it.
    public func kill() {
        guard process.isRunning else { return }
        send(signal: SIGKILL)
        process.waitUntilExit()
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
    /// The child did not print what was expected in time.
    case timedOut(String)

    /// A one-line account of the error.
    public var description: String {
        switch self {
        case .notFound(let name): "Executable '\(name)' not found in PATH"
        case .timedOut(let what): "Timed out waiting for \(what)"
        }
    }
}

/// Collects a pipe's output as lines, from Foundation's reading thread, for a test thread to wait on.
final class LineBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending = Data()
    private var lines: [String] = []
    private var consumed = 0
    private var ended = false

    func attach(_ handle: FileHandle) {
        handle.readabilityHandler = { [self] handle in
            let data = handle.availableData
            condition.lock()
            defer {
                condition.broadcast()
                condition.unlock()
            }
            if data.isEmpty {
                handle.readabilityHandler = nil
                if !pending.isEmpty {
                    lines.append(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                }
                ended = true
                return
            }
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
    }

    var allLines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    func nextLine(timeout: Duration) -> String? {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        condition.lock()
        defer { condition.unlock() }
        while consumed >= lines.count {
            if ended || !condition.wait(until: deadline) {
                guard consumed < lines.count else { return nil }
                break
            }
        }
        consumed += 1
        return lines[consumed - 1]
    }

    func waitForEnd(timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { return ended }
        }
        return true
    }
}
