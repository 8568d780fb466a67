import DBus
import EventLoop
import Glibc
import TipsInterface

extension CommandRunner {
    /// `feels-tips watch`: a line for each signal of the service and each change of its owner, until SIGINT or
    /// SIGTERM.
    func watch() throws(CommandFailure) -> CommandOutcome {
        let client = try client()
        let connection = client.connection
        let printer = WatchPrinter(json: invocation.json, style: style, write: context.write)
        // Only what the service's current owner sends at its path, and what the bus says of its owner, is printed:
        // a unicast signal reaches us whoever sent it, so the router checks each sender itself.
        let router = SignalRouter(connection: connection)
        do {
            let sender = Tips1.busName.rawValue
            for rule in Tips1.Signal.allCases.map(\.rule) + [
                .propertiesChanged(sender: sender, path: Tips1.objectPath.rawValue), .nameOwnerChanged(sender),
            ] {
                try router.add(rule) { printer.print($0) }
            }
        } catch {
            throw client.failure(for: error)
        }
        // Reading a property starts the service when it is not running, and fails clearly when it cannot be.
        let version = try client.perform { client throws(DBusError) in try client.tips.serviceVersion() }
        printer.watching(owner: try client.owner(), version: version, bus: client.busDescription)

        let loop: PollLoop
        do {
            loop = try PollLoop()
        } catch {
            throw CommandFailure(.failed, "cannot wait for the signals: \(error)")
        }
        var failure: CommandFailure?
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
