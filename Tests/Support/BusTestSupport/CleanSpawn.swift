import Foundation

/// Starts a program the way every test must: with no signal blocked or ignored, whatever the test thread's mask.
///
/// Test threads block most signals, and a child inherits the mask: without this, dbus-daemon and the services under
/// test would ignore SIGTERM.
public enum CleanSpawn {
    /// Spawns `path` with `arguments` and exactly `environment`, its descriptors set up by `actions`.
    ///
    /// - Parameter newProcessGroup: Whether the child leads a process group of its own, so that what it starts in
    ///   turn (faketime's child, say) can be ended with it.
    /// - Returns: The child's process ID, or the error number `posix_spawn` gave.
    public static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String],
        actions: inout posix_spawn_file_actions_t, newProcessGroup: Bool
    ) -> Result<pid_t, ChildProcessError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaultSignals, Int32(signal))
        }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        return result == 0 ? .success(child) : .failure(.spawnFailed(path, result))
    }
}
