import DBus
import EventLoop
import Foundation

/// A thread running a `PollLoop`, for a service side in the same process as a test's blocking client.
///
/// The setup closure runs on the new thread and builds everything that must live there (a connection, exported
/// objects); what it returns is kept alive until the loop stops. Only Sendable values (an address, a `Locked` box)
/// cross between threads.
public final class LoopThread: Sendable {
    private let wakeWriteFD: Int32
    private let finished = Locked(false)

    /// Starts the thread and waits until `setup` has run.
    ///
    /// - Parameters:
    ///   - name: The thread's name.
    ///   - setup: Builds the loop's sources; returns objects to keep alive, or throws to abort.
    /// - Throws: What `setup` throws, or when the loop or the wake-up pipe cannot be made.
    public init(name: String = "loop", setup: @escaping @Sendable (PollLoop) throws -> Any) throws {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw ChildProcessError.spawnFailed("socketpair", errno) }
        let readFD = fds[0]
        wakeWriteFD = fds[1]
        let ready = Locked<Result<Bool, LoopSetupError>?>(nil)
        let finished = self.finished
        let thread = Thread {
            let loop: PollLoop
            var keptAlive: Any?
            do {
                loop = try PollLoop()
                keptAlive = try setup(loop)
            } catch {
                ready.update { $0 = .failure(LoopSetupError(description: "\(error)")) }
                Glibc.close(readFD)
                finished.update { $0 = true }
                return
            }
            loop.addWatch(fd: readFD, events: .readable) { _ in loop.stop() }
            ready.update { $0 = .success(true) }
            loop.run()
            keptAlive = nil
            _ = keptAlive
            Glibc.close(readFD)
            finished.update { $0 = true }
        }
        thread.name = name
        thread.start()
        ready.wait(timeout: .seconds(30)) { $0 != nil }
        if case .failure(let error) = ready.current {
            Glibc.close(wakeWriteFD)
            throw error
        }
    }

    deinit {
        stop()
        Glibc.close(wakeWriteFD)
    }

    /// Stops the loop and waits (up to 10 seconds) for the thread to release what `setup` returned.
    public func stop() {
        // Writing after the loop closed its end of the pipe would raise SIGPIPE.
        guard !finished.current else { return }
        var byte: UInt8 = 1
        _ = write(wakeWriteFD, &byte, 1)
        finished.wait(timeout: .seconds(10)) { $0 }
    }
}

/// The error a `LoopThread` setup closure threw, described.
public struct LoopSetupError: Error, CustomStringConvertible, Sendable {
    /// The setup error's description.
    public let description: String
}
