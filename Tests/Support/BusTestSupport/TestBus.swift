import Foundation

/// A private `dbus-daemon` for one test, listening on a socket in a temporary directory; stopped on `stop()` or
/// deinit, its directory removed.
public final class TestBus {
    /// The bus address, for `DBusConnection(address:)` and `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    /// The temporary directory holding the configuration and the socket.
    public let directory: URL
    /// A directory searched for `.service` files, for activation tests.
    public let serviceDirectory: URL
    private let daemon: ChildProcess

    /// The configuration the scripts' private buses have too: a session bus with the limits of Debian's
    /// (`/usr/share/dbus-1/session.conf`), not dbus-daemon's built-in system-bus ones.
    static let template = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/lib/private-bus.conf")

    /// Starts a daemon with the configuration of ``template``, written to a temporary directory.
    ///
    /// - Parameters:
    ///   - configFile: A configuration file to use instead of the generated one; it must print its address, which
    ///     `--print-address` does for any `<listen>`.
    ///   - serviceDirectories: Further `<servicedir>` entries for the generated configuration.
    ///   - environment: Variables for the daemon, on top of the test's; services it activates inherit them
    ///     (`XDG_DATA_HOME`, say). A `nil` value removes a variable.
    /// - Throws: When the daemon cannot be started or does not report its address within 10 seconds.
    public init(configFile: URL? = nil, serviceDirectories: [URL] = [], environment: [String: String?] = [:]) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("feels-bus-\(UUID().uuidString.prefix(8))")
        serviceDirectory = directory.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: serviceDirectory, withIntermediateDirectories: true)
        let generated = directory.appendingPathComponent("bus.conf")
        if configFile == nil {
            let services = ([serviceDirectory] + serviceDirectories).map { "<servicedir>\($0.path)</servicedir>" }
            let config = try String(contentsOf: Self.template, encoding: .utf8)
                .replacingOccurrences(of: "@folder@", with: directory.path)
                .replacingOccurrences(of: "@servicedirs@", with: services.joined())
            try config.write(to: generated, atomically: true, encoding: .utf8)
        }
        daemon = try ChildProcess(
            "dbus-daemon", ["--config-file=\((configFile ?? generated).path)", "--nofork", "--print-address=1"],
            environment: environment)
        guard let line = daemon.readLine(timeout: .seconds(10)), !line.isEmpty else {
            daemon.kill()
            try? FileManager.default.removeItem(at: directory)
            throw ChildProcessError.timedOut("dbus-daemon to print its address")
        }
        address = line.trimmingCharacters(in: .whitespaces)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The daemon's process ID.
    public var pid: Int32 {
        daemon.pid
    }

    /// Whether the daemon is still running.
    public var isRunning: Bool {
        daemon.isRunning
    }

    /// Stops the daemon (SIGTERM, then SIGKILL); connections to it see the bus go away.
    public func stop() {
        daemon.terminate()
    }

    /// Lines the daemon wrote to standard error, for diagnosing a failed test.
    public var log: [String] {
        daemon.lines(of: .standardError)
    }
}
