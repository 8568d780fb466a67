import BusTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Why the writer could not be started or read.
struct WriterProcessError: Error, CustomStringConvertible {
    let description: String
}

/// A running `tips-store-writer`, whose acks are read line by line from its stdout.
///
/// Started with posix_spawn on close-on-exec pipes; after a kill, the acks left in the pipe are drained without
/// waiting for an end of file that a child of another test might delay by inheriting a write end.
final class WriterProcess {
    /// The writer's process id.
    let pid: pid_t
    private let output: Int32
    private let errors: Int32
    private var pending: [UInt8] = []
    private var exitStatus: Int32?

    /// Starts `tips-store-writer PATH COUNT`.
    init(path: String, count: Int) throws {
        let executable = try builtProduct("tips-store-writer")
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
            throw WriterProcessError(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in outputPipe + errorPipe {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        let strings: [String] = [executable, path, String(count)]
        let arguments = strings.map { strdup($0) }
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, arguments + [nil], environ)
        close(outputPipe[1])
        close(errorPipe[1])
        guard status == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw WriterProcessError(description: "cannot start '\(executable)': \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.output = outputPipe[0]
        self.errors = errorPipe[0]
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(output)
        close(errors)
    }

    /// The number of the next ack, or `nil` once the writer's stdout is closed (or, after a kill, drained).
    func nextAck() throws -> Int? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard line.hasPrefix("ack "), let number = Int(line.dropFirst(4)) else {
                    throw WriterProcessError(description: "unexpected line from the writer: '\(line)'")
                }
                return number
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR {
                continue
            }
            guard count > 0 else {
                return nil
            }
            pending += buffer[..<count]
        }
    }

    /// Kills the writer with SIGKILL, waits for it, and returns the acks it wrote before it died.
    @discardableResult
    func killAndCollectAcks() throws -> [Int] {
        kill(pid, SIGKILL)
        _ = waitForExit()
        // The writer is gone: whatever it wrote is in the pipe, so reading stops at the first empty read.
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        var acks: [Int] = []
        while let ack = try nextAck() {
            acks.append(ack)
        }
        return acks
    }

    /// Waits for the writer to end; returns how it ended, for messages.
    func waitForExit() -> String {
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = status
        }
        let status = exitStatus ?? 0
        let signal = status & 0x7F
        return signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
    }

    /// Everything the writer wrote to stderr; call after it ended.
    func errorOutput() -> String {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(errors, &buffer, buffer.count)
            guard count > 0 else { break }
            collected += buffer[..<count]
        }
        return String(decoding: collected, as: UTF8.self)
    }
}
