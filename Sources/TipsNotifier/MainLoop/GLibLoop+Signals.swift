import CGio
import DBus

extension GLibLoop {
    /// Calls `handler` from the loop whenever the process receives `signal` (SIGTERM, SIGINT, SIGHUP, SIGUSR1,
    /// SIGUSR2), through `g_unix_signal_add_full`, which handles the signal safely outside the signal handler.
    ///
    /// - Returns: An identifier for ``removeSignalHandler(_:)``.
    @discardableResult
    public func addSignalHandler(_ signal: Int32, handler: @escaping () -> Void) -> LoopSourceID {
        let id = makeID()
        let callback = LoopCallback.timer {
            handler()
            return true
        }
        timers[id] = g_unix_signal_add_full(
            CGIO_PRIORITY_DEFAULT, signal,
            { data in
                guard let data else { return CGIO_SOURCE_REMOVE }
                return LoopCallback.from(data).fireTimer() ? CGIO_SOURCE_CONTINUE : CGIO_SOURCE_REMOVE
            }, callback.retainedPointer(), LoopCallback.release)
        return id
    }

    /// Stops calling a handler added with ``addSignalHandler(_:handler:)``.
    public func removeSignalHandler(_ id: LoopSourceID) {
        removeTimer(id)
    }
}
