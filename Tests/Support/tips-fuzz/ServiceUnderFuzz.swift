import BusTestSupport
import DBus
import Foundation
import TipsInterface

/// The service a run fuzzes: either one this program starts (a private dbus-daemon, `feels-tipsd` on it with a fresh
/// datastore in a temporary folder), which it can stop, restart and read the log of, or one already on a bus.
final class ServiceUnderFuzz {
    /// The bus the service is on.
    let address: String
    /// The fuzzer's connection.
    let connection: DBusConnection
    private let bus: TestBus?
    private let daemonPath: String?
    private let folder: URL?
    private var daemon: ChildProcess?
    /// Everything the daemons this program started wrote to stderr, in order.
    private(set) var log: [String] = []

    /// The lines a sanitizer starts its report with.
    static let sanitizerReports = [
        "ERROR: AddressSanitizer", "WARNING: ThreadSanitizer", "ERROR: LeakSanitizer", "runtime error:",
    ]

    /// Starts a bus and `daemonPath` on it.
    ///
    /// - Throws: When the bus or the daemon cannot be started, or the daemon does not serve its name in 60 seconds.
    init(daemonPath: String, arguments: [String]) throws {
        let bus = try TestBus()
        self.bus = bus
        address = bus.address
        self.daemonPath = daemonPath
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tips-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        connection = try DBusConnection(address: bus.address)
        try start(arguments: arguments)
    }

    /// Uses the service already serving on the bus at `address`.
    init(address: String) throws {
        self.address = address
        bus = nil
        daemonPath = nil
        folder = nil
        connection = try DBusConnection(address: address)
    }

    deinit {
        shutdown()
    }

    /// Stops whatever this program started (the daemon, then the bus) and removes the datastore's folder; call before
    /// `exit`, which runs no deinit. Idempotent.
    func shutdown() {
        if let daemon {
            daemon.terminate()
            log += daemon.lines(of: .standardError)
            self.daemon = nil
        }
        connection.close()
        if let bus {
            bus.stop()
            try? FileManager.default.removeItem(at: bus.directory)
        }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Whether this program started the service, and so can stop and restart it.
    var isManaged: Bool { daemonPath != nil }

    private var extraArguments: [String] = []

    /// Starts the daemon on the datastore in the run's folder and waits until it serves its name.
    func start(arguments: [String]) throws {
        guard let daemonPath, let folder, let bus else { return }
        extraArguments = arguments
        let daemon = try ChildProcess(
            daemonPath,
            ["--address", bus.address, "--datastore", folder.appendingPathComponent("tips.sqlite").path] + arguments)
        self.daemon = daemon
        while let line = daemon.readLine(from: .standardError, timeout: .seconds(60)) {
            if line.contains("Serving '\(Tips1.busName.rawValue)'") { return }
        }
        log += daemon.lines(of: .standardError)
        self.daemon = nil
        throw ChildProcessError.timedOut("feels-tipsd to serve \(Tips1.busName.rawValue)")
    }

    /// Whether the daemon this program started is still running (`true` for a service it did not start).
    var isRunning: Bool { daemon?.isRunning ?? !isManaged }

    /// Stops the daemon with SIGTERM and returns how it ended; `nil` when it had to be killed.
    func stop() -> ChildProcess.Termination? {
        guard let daemon else { return nil }
        daemon.send(signal: SIGTERM)
        let termination = daemon.waitForExit(timeout: .seconds(60))
        if termination == nil { daemon.kill() }
        log += daemon.lines(of: .standardError)
        self.daemon = nil
        return termination
    }

    /// Stops the daemon and starts it again on the same datastore.
    func restart() throws -> ChildProcess.Termination? {
        let termination = stop()
        try start(arguments: extraArguments)
        return termination
    }

    /// The lines of the daemon's stderr that start a sanitizer's report.
    var sanitizerReports: [String] {
        let lines = log + (daemon?.lines(of: .standardError) ?? [])
        return lines.filter { line in Self.sanitizerReports.contains { line.contains($0) } }
    }
}
