import BusTestSupport
import DBus
import Foundation

/// A private dbus-daemon, `feels-tipsd` serving `org.feels.Tips` on it from a fresh datastore in a temporary folder,
/// and a client connection; `stop()` ends the processes and removes the folders.
final class ServiceUnderTest {
    /// The client connection the bench calls through.
    let client: DBusConnection
    /// The temporary folder holding the datastore.
    let folder: URL
    /// The datastore the daemon was started with.
    var datastorePath: String { folder.appendingPathComponent("tips.sqlite").path }

    private let bus: TestBus
    private let daemon: ChildProcess
    private var stopped = false

    private init(client: DBusConnection, folder: URL, bus: TestBus, daemon: ChildProcess) {
        self.client = client
        self.folder = folder
        self.bus = bus
        self.daemon = daemon
    }

    deinit {
        stop()
    }

    /// Starts the bus and the daemon and waits until the daemon owns `org.feels.Tips`.
    ///
    /// Whatever was started is stopped again when a later step fails.
    ///
    /// - Parameters:
    ///   - daemonPath: The `feels-tipsd` executable.
    ///   - timeout: The longest wait for the name.
    /// - Throws: ``BenchError/setup(_:)`` naming the step that failed, ``BenchError/interrupted(_:)``.
    static func start(daemonPath: String, timeout: Duration = .seconds(10)) throws(BenchError) -> ServiceUnderTest {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("feels-tips-bench-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .setup("Failed to create the folder '\(folder.path)': \(error.localizedDescription)")
        }
        var bus: TestBus?
        var daemon: ChildProcess?
        do throws(BenchError) {
            let started: TestBus
            do { started = try TestBus() } catch { throw .setup("Failed to start dbus-daemon: \(error)") }
            bus = started
            let client: DBusConnection
            do { client = try DBusConnection(address: started.address) } catch {
                throw .setup("Failed to connect to the private bus '\(started.address)': \(error)")
            }
            let arguments = [
                "--address", started.address, "--datastore", folder.appendingPathComponent("tips.sqlite").path,
                "--display-frequency", "immediate",
            ]
            let spawned: ChildProcess
            do { spawned = try ChildProcess(daemonPath, arguments) } catch {
                throw .setup("Failed to start '\(daemonPath)': \(error)")
            }
            daemon = spawned
            try waitForName(of: spawned, on: client, timeout: timeout)
            return ServiceUnderTest(client: client, folder: folder, bus: started, daemon: spawned)
        } catch {
            daemon?.terminate(grace: .seconds(2))
            bus?.stop()
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Stops the daemon (SIGTERM, then SIGKILL), closes the client, stops the bus, removes the folder. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        daemon.terminate(grace: .seconds(5))
        client.close()
        bus.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the daemon is still running.
    var isDaemonRunning: Bool {
        daemon.isRunning
    }

    /// What the daemon wrote to stderr so far, for a failure message.
    var daemonLog: [String] {
        daemon.lines(of: .standardError)
    }

    /// Polls `NameHasOwner("org.feels.Tips")` every 5 ms until it is true, the daemon exits, or `timeout` passes.
    private static func waitForName(
        of daemon: ChildProcess, on client: DBusConnection, timeout: Duration
    ) throws(BenchError) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            try Interruption.check()
            let owned: Bool
            do {
                owned =
                    try client.call(
                        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                        interface: "org.freedesktop.DBus", member: "NameHasOwner",
                        arguments: [.string("org.feels.Tips")], timeout: .seconds(5)
                    ).first?.boolValue ?? false
            } catch {
                throw .setup("Failed to ask the bus whether 'org.feels.Tips' has an owner: \(error)")
            }
            if owned { return }
            guard daemon.isRunning else {
                throw .setup("feels-tipsd exited before owning 'org.feels.Tips'\(logSuffix(daemon))")
            }
            guard clock.now < deadline else {
                throw .setup("feels-tipsd did not own 'org.feels.Tips' within \(timeout)\(logSuffix(daemon))")
            }
            usleep(5_000)
        }
    }

    private static func logSuffix(_ daemon: ChildProcess) -> String {
        let lines = daemon.lines(of: .standardError)
        return lines.isEmpty ? "" : "; it said: " + lines.joined(separator: " / ")
    }
}
