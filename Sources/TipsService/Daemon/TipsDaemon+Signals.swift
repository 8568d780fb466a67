import DBus
import Glibc

extension TipsDaemon {
    /// Stops on SIGTERM and SIGINT; logs SIGHUP, SIGUSR1 and SIGUSR2 and ignores them, for there is nothing to reload
    /// or report.
    ///
    /// - Throws: ``DaemonStartFailure`` when the loop cannot take a signal.
    public func handleSignals() throws(DaemonStartFailure) {
        do {
            try stop(on: SIGTERM, "SIGTERM")
            try stop(on: SIGINT, "SIGINT")
            try ignore(SIGHUP, "SIGHUP")
            try ignore(SIGUSR1, "SIGUSR1")
            try ignore(SIGUSR2, "SIGUSR2")
        } catch {
            throw .serving(error)
        }
    }

    // Calls rather than a loop over an array: the executable's main ends in exit(), and on the way there the compiler
    // need not free an array it no longer uses, which a leak checker then counts as lost.
    private func stop(on signal: Int32, _ name: String) throws(DBusError) {
        _ = try loop.addSignalHandler(signal) { [log, loop] in
            log.info("Received \(name), exiting")
            loop.stop()
        }
    }

    private func ignore(_ signal: Int32, _ name: String) throws(DBusError) {
        _ = try loop.addSignalHandler(signal) { [log] in
            log.info("Received \(name); feels-tipsd has nothing to reload or report, ignoring")
        }
    }
}
