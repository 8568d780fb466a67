import Glibc

extension TipNotifier {
    /// Stops on SIGTERM and SIGINT; logs SIGHUP, SIGUSR1 and SIGUSR2 and ignores them, for the settings are re-read
    /// by themselves.
    public func handleSignals() {
        for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            loop.addSignalHandler(signal) { [log, weak self] in
                log.info("Received \(name), exiting")
                // Withdraws what is on screen, then stops the loop once libnotify's thread has made those calls, or a
                // moment later when it is stuck in a call to a hung server.
                self?.send(.stop)
            }
        }
        for (signal, name) in [(SIGHUP, "SIGHUP"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2")] {
            loop.addSignalHandler(signal) { [log] in
                log.info("Received \(name); feels-tips-notifier re-reads its settings by itself, ignoring")
            }
        }
    }
}
