import DBus
import Glibc

extension CommandRunner {
    /// `feels-tips watch`: a line for each signal of the service and each change of its owner, until SIGINT or
    /// SIGTERM.
    func watch() throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let connection = client.connection
        let printer = WatchPrinter(json: invocation.json, style: style, write: context.write)
        do {
            // The bus matches a well-known sender against whoever owns the name when a signal is sent, so these
            // rules follow the service across restarts.
            try connection.addMatch("type='signal',sender='\(TipsClient.busName)',path='\(TipsClient.objectPath)'")
            try connection.addMatch(
                "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                    + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(TipsClient.busName)'")
        } catch {
            throw client.failure(for: error)
        }
        // Reading a property starts the service when it is not running, and fails clearly when it cannot be.
        let version = try client.property("Version")
        printer.watching(owner: try client.owner(), version: ValueText.plain(version), bus: client.busDescription)

        let loop = PollLoop()
        var failure: CommandFailure?
        connection.onSignal = { printer.print($0) }
        connection.onDisconnected = { [busDescription = client.busDescription] in
            failure = CommandFailure(.unreachable, "lost the connection to \(busDescription)")
            loop.stop()
        }
        do {
            for signal in [SIGINT, SIGTERM] {
                try loop.addSignalHandler(signal) { [weak loop] in loop?.stop() }
            }
        } catch {
            throw CommandFailure(.failed, "cannot handle Ctrl-C: \(error)")
        }
        connection.attach(to: loop)
        loop.run()
        if let failure { throw failure }
        return .success
    }
}
