import DBus
import Glibc

/// For each signal number, the write end of the pipe of the loop handling it, or `-1`.
///
/// Raw memory rather than a Swift collection: the C signal handler reads it, and must not retain or allocate.
nonisolated(unsafe) private let signalPipeTable: UnsafeMutablePointer<Int32> = {
    let table = UnsafeMutablePointer<Int32>.allocate(capacity: Int(signalTableSize))
    table.initialize(repeating: -1, count: Int(signalTableSize))
    return table
}()

private let signalTableSize: Int32 = 65

/// Writes the signal number to the pipe of the loop handling it; async-signal-safe.
private func forwardSignal(_ signal: Int32) {
    let savedErrno = errno
    let fd = signalPipeTable[Int(signal)]
    if fd >= 0 {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(fd, &byte, 1)
    }
    errno = savedErrno
}

extension PollLoop {
    /// Runs `handler` from the loop whenever `signal` arrives, in place of any handler added for it before.
    ///
    /// A self-pipe: a `sigaction` handler, which may run on any thread, writes the signal number to a pipe this loop
    /// sleeps on. The signal is unblocked in the calling thread. A signal belongs to the loop that registered it most
    /// recently; releasing the loop restores its default disposition.
    ///
    /// - Parameters:
    ///   - signal: The signal number, such as `SIGTERM`.
    ///   - handler: Called on the loop's thread each time the signal arrives.
    /// - Throws: `DBusError.system` when the pipe or `sigaction` fails, or for a signal number out of range.
    public func addSignalHandler(_ signal: Int32, handler: @escaping () -> Void) throws(DBusError) {
        guard signal > 0, signal < signalTableSize, signal != SIGKILL, signal != SIGSTOP else {
            throw .system(operation: "sigaction(\(signal))", errno: EINVAL)
        }
        if signalReadFD < 0 {
            var fds: [Int32] = [-1, -1]
            // A socket pair rather than pipe2, which Glibc's module does not import: atomically non-blocking and
            // close-on-exec.
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            guard socketpair(AF_UNIX, type, 0, &fds) == 0 else {
                throw .system(operation: "socketpair", errno: errno)
            }
            signalReadFD = fds[0]
            signalWriteFD = fds[1]
            sleepOn(signalReadFD)
        }
        if signalHandlers[signal] == nil {
            signalPipeTable[Int(signal)] = signalWriteFD
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { forwardSignal($0) }
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            guard sigaction(signal, &action, nil) == 0 else {
                throw .system(operation: "sigaction(\(signal))", errno: errno)
            }
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
        signalHandlers[signal] = handler
    }

    func releaseSignal(_ signal: Int32) {
        guard signalPipeTable[Int(signal)] == signalWriteFD else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        signalPipeTable[Int(signal)] = -1
    }

    func drainSignals() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(signalReadFD, &buffer, buffer.count)
            guard count > 0 else { return }
            for byte in buffer.prefix(count) {
                signalHandlers[Int32(byte)]?()
            }
        }
    }
}
