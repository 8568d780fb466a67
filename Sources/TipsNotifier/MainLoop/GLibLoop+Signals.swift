import CGio
import DBus

extension GLibLoop {
    /// Calls `handler` from the loop whenever the process receives `signal` (SIGTERM, SIGINT, SIGHUP, SIGUSR1,
    /// SIGUSR2), through `g_unix_signal_add_full`, which handles the signal safely outside the signal handler.
    func addSignalHandler(_ signal: Int32, handler: @escaping () -> Void) {
        let id = makeID()
        let callback = LoopCallback(timer: {
            handler()
            return true
        })
        timers[id] = g_unix_signal_add_full(
            CGIO_PRIORITY_DEFAULT, signal, LoopCallback.sourceFunction, callback.retainedPointer(), LoopCallback.release
        )
    }
}
