import BusTestSupport
import DBus
import Foundation

/// A private dbus-daemon (or the bus of another service, shared), a ``Subject`` serving its name on it from a
/// datastore in a temporary folder of its own, and a client connection; the daemon can be stopped and started again
/// on the same datastore, and each start is timed from exec to the name owned. `stop()` ends the processes (the bus
/// only when it is this service's own) and removes the folder.
final class ServiceUnderTest {
    /// What is measured.
    let subject: Subject
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

    /// The name the service owns, which every call is sent to.
    var name: BusName { subject.busName }
    /// The contract the service speaks: the baseline's is read from its introspection once it first owns its name.
    private(set) var spelling: ContractSpelling = .current
    /// Where the bench's calls to this service go, and how they are spelled.
    var target: CallTarget { CallTarget(name: name, spelling: spelling) }

    private let bus: TestBus
    private let ownsBus: Bool
    private let command: [String]
    private var daemon: ChildProcess?
    private let owner = NameOwnerRecord()
    private var stopped = false

    private init(
        subject: Subject, client: DBusConnection, folder: URL, bus: TestBus, ownsBus: Bool, command: [String]
    ) {
        self.subject = subject
        self.client = client
        self.folder = folder
        self.bus = bus
        self.ownsBus = ownsBus
        self.command = command
    }

    deinit {
        stop()
    }

    /// Starts a bus (or shares `other`'s), then the subject on a fresh datastore, and waits until it owns its name.
    ///
    /// Whatever was started is stopped again when a later step fails.
    ///
    /// - Parameters:
    ///   - subject: The program to serve.
    ///   - displayFrequency: feels-tipsd's `--display-frequency`.
    ///   - launcher: A command the daemon runs under, such as `strace … --`; empty for none.
    ///   - other: A running service whose bus to share (it must own another name), or `nil` for a bus of its own.
    /// - Throws: ``BenchError/setup(_:)`` naming the step that failed, ``BenchError/interrupted(_:)``.
    static func start(
        _ subject: Subject, displayFrequency: String = "immediate", launcher: [String] = [],
        beside other: ServiceUnderTest? = nil
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
        if let other {
            bus = other.bus
        } else {
            do { bus = try TestBus() } catch {
                try? FileManager.default.removeItem(at: folder)
                throw .setup("Failed to start dbus-daemon: \(error)")
            }
        }
        let client: DBusConnection
        do { client = try DBusConnection(address: bus.address) } catch {
            if other == nil { bus.stop() }
            try? FileManager.default.removeItem(at: folder)
            throw .setup("Failed to connect to the private bus '\(bus.address)': \(error)")
        }
        let command =
            launcher
            + subject.command(
                address: bus.address, datastore: folder.appendingPathComponent("tips.sqlite").path,
                displayFrequency: displayFrequency)
        let service = ServiceUnderTest(
            subject: subject, client: client, folder: folder, bus: bus, ownsBus: other == nil, command: command)
        do throws(BenchError) {
            try service.watchOwner()
            try service.launch()
            if subject.role == .baseline {
                service.spelling = try ContractSpelling.served(by: service.name, on: client)
            }
        } catch {
            service.stop()
            throw error
        }
        return service
    }

    /// Starts the daemon and waits until it owns its name.
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
                throw .setup("\(program) exited before owning '\(name)'\(logSuffix)")
            }
            guard clock.now < deadline else {
                throw .setup("\(program) did not own '\(name)' within \(timeout)\(logSuffix)")
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

    /// Stops the daemon (SIGTERM, then SIGKILL), closes the client, stops the bus when it is this service's own,
    /// removes the folder. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        stopDaemon()
        client.close()
        if ownsBus { bus.stop() }
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

    /// The executable's name, for messages.
    var program: String {
        URL(fileURLWithPath: subject.path).lastPathComponent
    }

    private var logSuffix: String {
        let lines = daemonLog
        return lines.isEmpty ? "" : "; it said: " + lines.joined(separator: " / ")
    }

    /// Follows `NameOwnerChanged` for the service's name only, so that nothing else queues up on the client.
    private func watchOwner() throws(BenchError) {
        let owner = self.owner
        let name = self.name.rawValue
        client.onSignal = { message in
            guard message.member?.rawValue == "NameOwnerChanged", let values = try? message.arguments,
                values.count == 3, values[0].stringValue == name,
                let newOwner = values[2].stringValue
            else { return }
            owner.current = newOwner
            if !newOwner.isEmpty { owner.ownedAt = ContinuousClock.now }
        }
        do {
            try client.addMatch(
                "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                    + "member='NameOwnerChanged',arg0='\(name)'")
        } catch {
            throw .setup("Failed to follow the owner of '\(name)': \(error)")
        }
    }

    private func ownerPID() throws(BenchError) -> Int32 {
        do {
            let reply = try client.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetConnectionUnixProcessID", arguments: [.string(name.rawValue)], timeout: .seconds(5))
            guard let pid = reply.first?.uint32Value else { throw BenchError.setup("no process ID in the reply") }
            return Int32(bitPattern: pid)
        } catch {
            throw .setup("Failed to ask the bus for \(program)'s process ID: \(error)")
        }
    }
}

/// Who owns the service's name, as the bus last said, and when it last got an owner.
private final class NameOwnerRecord {
    var current = ""
    var ownedAt: ContinuousClock.Instant?
}
