import BusTestSupport
import DBus
import Foundation

/// A private dbus-daemon, `feels-tipsd` serving `org.feels.Tips` on it from a datastore in a temporary folder of its
/// own, and a client connection; the daemon can be stopped and started again on the same datastore, and each start
/// is timed from exec to the name owned. `stop()` ends the processes and removes the folder.
final class ServiceUnderTest {
    /// The client connection the bench calls through.
    let client: DBusConnection
    /// The temporary folder holding the datastore.
    let folder: URL
    /// The private bus's address, for more clients.
    var address: String { bus.address }
    /// The datastore the daemon is started with.
    var datastorePath: String { folder.appendingPathComponent("tips.sqlite").path }
    /// The service's own process ID (not the launcher's), while it runs.
    private(set) var pid: Int32 = 0
    /// When the daemon was last spawned.
    private(set) var launchedAt: ContinuousClock.Instant?
    /// The private bus's dbus-daemon.
    var busPID: Int32 { bus.pid }

    private let bus: TestBus
    private let command: [String]
    private var daemon: ChildProcess?
    private let owner = NameOwnerRecord()
    private var stopped = false

    private init(client: DBusConnection, folder: URL, bus: TestBus, command: [String]) {
        self.client = client
        self.folder = folder
        self.bus = bus
        self.command = command
    }

    deinit {
        stop()
    }

    /// Starts a bus, then the daemon on a fresh datastore, and waits until the daemon owns `org.feels.Tips`.
    ///
    /// Whatever was started is stopped again when a later step fails.
    ///
    /// - Parameters:
    ///   - daemonPath: The `feels-tipsd` executable.
    ///   - displayFrequency: Its `--display-frequency`.
    ///   - launcher: A command the daemon runs under, such as `strace … --`; empty for none.
    /// - Throws: ``BenchError/setup(_:)`` naming the step that failed, ``BenchError/interrupted(_:)``.
    static func start(
        daemonPath: String, displayFrequency: String = "immediate", launcher: [String] = []
    ) throws(BenchError) -> ServiceUnderTest {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("feels-tips-bench-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .setup("Failed to create the folder '\(folder.path)': \(error.localizedDescription)")
        }
        let bus: TestBus
        do { bus = try TestBus() } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .setup("Failed to start dbus-daemon: \(error)")
        }
        let client: DBusConnection
        do { client = try DBusConnection(address: bus.address) } catch {
            bus.stop()
            try? FileManager.default.removeItem(at: folder)
            throw .setup("Failed to connect to the private bus '\(bus.address)': \(error)")
        }
        let command =
            launcher + [
                daemonPath, "--address", bus.address, "--datastore",
                folder.appendingPathComponent("tips.sqlite").path, "--display-frequency", displayFrequency,
            ]
        let service = ServiceUnderTest(client: client, folder: folder, bus: bus, command: command)
        do throws(BenchError) {
            try service.watchOwner()
            try service.launch()
        } catch {
            service.stop()
            throw error
        }
        return service
    }

    /// Starts the daemon and waits until it owns `org.feels.Tips`.
    ///
    /// - Parameter timeout: The longest wait for the name.
    /// - Returns: The time from just before `posix_spawn` to the bus's `NameOwnerChanged` giving the name an owner,
    ///   as this client received it.
    /// - Throws: ``BenchError/setup(_:)`` when the daemon exits first or takes longer than `timeout`.
    @discardableResult
    func launch(timeout: Duration = .seconds(20)) throws(BenchError) -> Duration {
        precondition(daemon == nil, "the daemon is already running")
        let clock = ContinuousClock()
        let start = clock.now
        launchedAt = start
        let spawned: ChildProcess
        do { spawned = try ChildProcess(command[0], Array(command.dropFirst())) } catch {
            throw .setup("Failed to start '\(command[0])': \(error)")
        }
        daemon = spawned
        let deadline = start.advanced(by: timeout)
        while true {
            try Interruption.check()
            _ = client.readWriteDispatch(timeout: .milliseconds(10))
            if let ownedAt = owner.ownedAt, ownedAt >= start, !owner.current.isEmpty {
                pid = try ownerPID()
                return start.duration(to: ownedAt)
            }
            guard spawned.isRunning else {
                throw .setup("feels-tipsd exited before owning 'org.feels.Tips'\(logSuffix)")
            }
            guard clock.now < deadline else {
                throw .setup("feels-tipsd did not own 'org.feels.Tips' within \(timeout)\(logSuffix)")
            }
        }
    }

    /// Stops the daemon and waits until it has exited and the bus has taken its name back.
    ///
    /// - Parameter signal: `SIGTERM` for a clean stop (then SIGKILL after 10 s), `SIGKILL` to stop at once.
    func stopDaemon(signal: Int32 = SIGTERM) {
        guard let daemon else { return }
        if pid > 0, pid != daemon.pid, daemon.isRunning {
            // Under a launcher that forks, the service is its child: signal the service itself.
            kill(pid, signal)
        } else {
            daemon.send(signal: signal)
        }
        if daemon.waitForExit(timeout: .seconds(10)) == nil {
            if pid > 0, pid != daemon.pid { kill(pid, SIGKILL) }
            daemon.kill()
        }
        self.daemon = nil
        pid = 0
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        while !owner.current.isEmpty && clock.now < deadline {
            _ = client.readWriteDispatch(timeout: .milliseconds(10))
        }
    }

    /// Stops the daemon (SIGTERM, then SIGKILL), closes the client, stops the bus, removes the folder. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        stopDaemon()
        client.close()
        bus.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the daemon is still running.
    var isDaemonRunning: Bool {
        daemon?.isRunning ?? false
    }

    /// What the daemon wrote to stderr so far, for a failure message.
    var daemonLog: [String] {
        daemon?.lines(of: .standardError) ?? []
    }

    private var logSuffix: String {
        let lines = daemonLog
        return lines.isEmpty ? "" : "; it said: " + lines.joined(separator: " / ")
    }

    /// Follows `NameOwnerChanged` for `org.feels.Tips` only, so that nothing else queues up on the client.
    private func watchOwner() throws(BenchError) {
        let owner = self.owner
        client.onSignal = { message in
            guard message.member?.rawValue == "NameOwnerChanged", let values = try? message.arguments,
                values.count == 3, values[0].stringValue == CallKind.service.rawValue,
                let newOwner = values[2].stringValue
            else { return }
            owner.current = newOwner
            if !newOwner.isEmpty { owner.ownedAt = ContinuousClock.now }
        }
        do {
            try client.addMatch(
                "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                    + "member='NameOwnerChanged',arg0='\(CallKind.service.rawValue)'")
        } catch {
            throw .setup("Failed to follow the owner of 'org.feels.Tips': \(error)")
        }
    }

    private func ownerPID() throws(BenchError) -> Int32 {
        do {
            let reply = try client.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetConnectionUnixProcessID", arguments: [.string(CallKind.service.rawValue)],
                timeout: .seconds(5))
            guard let pid = reply.first?.uint32Value else { throw BenchError.setup("no process ID in the reply") }
            return Int32(bitPattern: pid)
        } catch {
            throw .setup("Failed to ask the bus for feels-tipsd's process ID: \(error)")
        }
    }
}

/// Who owns `org.feels.Tips`, as the bus last said, and when it last got an owner.
private final class NameOwnerRecord {
    var current = ""
    var ownedAt: ContinuousClock.Instant?
}
