import BusTestSupport
import DBus
import Foundation

/// A ``Subject`` serving on a private bus (its own, or another service's) from a datastore in a temporary folder of
/// its own, with a client connection; each start is timed from exec to its name owned. `stop()` ends the processes
/// (the bus only when it is this service's own) and removes the folder.
final class ServiceUnderTest {
    /// What is measured.
    let subject: Subject
    /// The client connection the bench calls through.
    let client: DBusConnection
    /// The temporary folder holding the datastore.
    let folder: URL
    /// The private bus.
    let bus: TestBus
    /// The service's process ID while it runs.
    private(set) var pid: Int32 = 0
    private let ownsBus: Bool
    private let command: [String]
    private var daemon: ChildProcess?
    private let owner = NameOwnerRecord()
    private var stopped = false

    /// The name every call is sent to.
    var name: BusName { subject.busName }

    /// Starts a bus with the session bus's limits (or shares `other`'s), then `subject` on a fresh datastore with
    /// feels-tipsd's further `options`, and waits until it owns its name; what started is stopped when a step fails.
    ///
    /// - Throws: ``BenchError/setup(_:)`` naming the step that failed, ``BenchError/interrupted(_:)``.
    init(_ subject: Subject, options: [String] = [], beside other: ServiceUnderTest? = nil) throws(BenchError) {
        self.subject = subject
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("feels-tips-bench-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            bus = try other?.bus ?? TestBus()
            client = try DBusConnection(address: bus.address)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw .setup("Failed to start a private bus in '\(folder.path)': \(error)")
        }
        ownsBus = other == nil
        command = subject.command(
            address: bus.address, datastore: folder.appendingPathComponent("tips.sqlite").path, options: options)
        let owner = self.owner
        let watched = subject.busName.rawValue
        client.onSignal = { message in
            guard message.member?.rawValue == "NameOwnerChanged", let values = try? message.arguments,
                values.count == 3, values[0].stringValue == watched, let newOwner = values[2].stringValue
            else { return }
            owner.current = newOwner
            if !newOwner.isEmpty { owner.ownedAt = ContinuousClock.now }
        }
        do throws(BenchError) {
            do {
                try client.addMatch(
                    "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                        + "member='NameOwnerChanged',arg0='\(watched)'")
            } catch {
                throw BenchError.setup("Failed to follow the owner of '\(watched)': \(error)")
            }
            try launch()
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Starts the daemon and waits until it owns its name (at most 20 s).
    ///
    /// - Returns: The time from just before `posix_spawn` to the bus's `NameOwnerChanged` reaching this client.
    /// - Throws: ``BenchError/setup(_:)`` when the daemon exits first or takes longer.
    @discardableResult
    func launch() throws(BenchError) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let spawned: ChildProcess
        do { spawned = try ChildProcess(command[0], Array(command.dropFirst())) } catch {
            throw .setup("Failed to start '\(command[0])': \(error)")
        }
        daemon = spawned
        while true {
            try Interruption.check()
            _ = client.readWriteDispatch(timeout: .milliseconds(10))
            if let ownedAt = owner.ownedAt, ownedAt >= start, !owner.current.isEmpty {
                do {
                    pid = try client.processID(ofOwner: name.rawValue) ?? 0
                } catch {
                    throw .setup("Failed to ask the bus for \(subject.label)'s process ID: \(error)")
                }
                return start.duration(to: ownedAt)
            }
            guard spawned.isRunning, start.duration(to: clock.now) < .seconds(20) else {
                throw .setup("\(subject.label) did not own '\(name)' within 20 s; it said: \(spawned.log)")
            }
        }
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after 10 s) and waits until the bus has taken its name back.
    func stopDaemon() {
        guard let daemon else { return }
        daemon.terminate(grace: .seconds(10))
        self.daemon = nil
        pid = 0
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        while !owner.current.isEmpty && ContinuousClock.now < deadline {
            _ = client.readWriteDispatch(timeout: .milliseconds(10))
        }
    }

    /// Stops the daemon, closes the client, stops the bus when it is its own, removes the folder. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        stopDaemon()
        client.close()
        if ownsBus { bus.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Throws when the daemon has exited, with what it said: the reason a call to it failed.
    func checkRunning() throws(BenchError) {
        guard let daemon, !daemon.isRunning else { return }
        throw .setup("\(subject.label) exited; it said: \(daemon.log)")
    }
}

/// Who owns the service's name, as the bus last said, and when it last got an owner.
private final class NameOwnerRecord {
    var current = ""
    var ownedAt: ContinuousClock.Instant?
}
