import BusTestSupport
import Foundation
import Glibc

/// A program on a pseudo-terminal of its own: its standard input, output and error are a terminal, as for a person
/// at one. What it writes is collected; input is typed with ``type(_:)``. Killed and reaped at the latest on deinit.
final class TerminalSession {
    /// The program's process ID.
    let pid: pid_t
    private let master: Int32
    private var bytes: [UInt8] = []
    private var status: Int32?

    /// Starts `executable` with `arguments` on a new terminal.
    ///
    /// - Parameter environment: Variables to set on top of the test's; a `nil` value removes one.
    init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) throws {
        let terminal = try PseudoTerminalFunctions()
        master = terminal.open(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, terminal.grant(master) == 0, terminal.unlock(master) == 0 else {
            throw TerminalError("cannot open a pseudo-terminal: errno \(errno)")
        }
        var name = [CChar](repeating: 0, count: 256)
        guard terminal.name(master, &name, name.count) == 0 else {
            close(master)
            throw TerminalError("ptsname_r failed: errno \(errno)")
        }
        let terminalPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment {
            merged[key] = value
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        switch CleanSpawn.spawn(executable, arguments, environment: merged, actions: &actions, newProcessGroup: false) {
        case .success(let child):
            pid = child
        case .failure(let error):
            close(master)
            throw TerminalError("cannot start '\(executable)': \(error)")
        }
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(master)
    }

    /// Everything the program wrote so far, as the terminal received it (its line ends are `\r\n`).
    var transcript: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Reads what the program writes until `text` appears, for at most `timeout`.
    ///
    /// - Returns: Whether it appeared.
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !transcript.contains(text) {
            guard ContinuousClock.now < deadline, readAvailable(waitMilliseconds: 50) else {
                return transcript.contains(text)
            }
        }
        return true
    }

    /// Types `text` at the terminal.
    func type(_ text: String) {
        var remaining = Array(text.utf8)[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }

    /// Waits for the program to exit, reading what it writes meanwhile.
    ///
    /// - Returns: Its exit status, or `nil` if it is still running after `timeout` or a signal ended it.
    func waitForExit(timeout: Duration = .seconds(30)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : -1
                break
            }
            guard ContinuousClock.now < deadline else { return nil }
            _ = readAvailable(waitMilliseconds: 20)
        }
        // What the program wrote before it exited is still in the terminal: read it to the end, or until a moment
        // passes with nothing more.
        while readChunk(waitMilliseconds: 100) == .data {}
        return status == -1 ? nil : status
    }

    /// Reads what is there within `waitMilliseconds`.
    ///
    /// - Returns: Whether the terminal may still have more to give (false once the program closed its side).
    private func readAvailable(waitMilliseconds: Int32) -> Bool {
        readChunk(waitMilliseconds: waitMilliseconds) != .closed
    }

    /// What one read from the terminal gave.
    private enum ReadResult {
        case data
        case nothing
        case closed
    }

    private func readChunk(waitMilliseconds: Int32) -> ReadResult {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waitMilliseconds) > 0 else { return .nothing }
        var chunk = [UInt8](repeating: 0, count: 4_096)
        let count = read(master, &chunk, chunk.count)
        // EIO once every descriptor of the terminal's other side is closed.
        guard count > 0 else { return .closed }
        bytes += chunk[..<count]
        return .data
    }
}

/// A pseudo-terminal could not be opened or the program not started on it.
struct TerminalError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The C library's pseudo-terminal functions, which Glibc's Swift module leaves out (they need `_XOPEN_SOURCE`),
/// looked up by name.
private struct PseudoTerminalFunctions {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    init() throws {
        func function<F>(_ symbol: String, as type: F.Type) throws -> F {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) else {
                throw TerminalError("the C library has no '\(symbol)'")
            }
            return unsafeBitCast(address, to: type)
        }
        open = try function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        grant = try function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        unlock = try function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        name = try function("ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
    }
}
