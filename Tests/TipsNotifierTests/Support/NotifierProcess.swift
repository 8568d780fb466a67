import BusTestSupport
import Foundation

/// The real `feels-tips-notifier` on a private bus, with a config folder of its own; stopped when released.
///
/// The system bus is pointed at nothing, so the machine's logind never decides a test's outcome; the locale is fixed
/// so its words are the English ones the tests compare; the XDG data folders hold no Feels app unless a test installs
/// one (``StandInApp``, ``StandInFeelsApp``), and no desktop is named, so GNOME's settings are followed only where a test says so.
final class NotifierProcess {
    let child: ChildProcess
    /// `XDG_CONFIG_HOME` of the notifier, where its opt-out file lives.
    let configHome: URL

    /// Starts the notifier.
    ///
    /// - Parameters:
    ///   - address: The private bus; `nil` to let the notifier find the session bus in its environment.
    ///   - configHome: Its `XDG_CONFIG_HOME`; the opt-out file is `feels/notifier.conf` under it.
    ///   - arguments: Further arguments, such as `--once`.
    ///   - environment: Further variables.
    init(
        address: String?, configHome: URL, arguments: [String] = [], environment: [String: String?] = [:]
    ) throws {
        self.configHome = configHome
        var variables: [String: String?] = [
            "DBUS_SESSION_BUS_ADDRESS": address,
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/feels-tests/system_bus_socket",
            "XDG_CONFIG_HOME": configHome.path,
            "XDG_DATA_HOME": configHome.appendingPathComponent("data").path,
            "XDG_DATA_DIRS": "/nonexistent/feels-tests/share",
            "XDG_CURRENT_DESKTOP": nil,
            "XDG_SESSION_ID": nil,
            "JOURNAL_STREAM": nil,
            "LC_ALL": "C.UTF-8",
            "LANGUAGE": nil,
        ]
        variables.merge(environment) { $1 }
        child = try ChildProcess(
            try builtProduct("feels-tips-notifier"), (address.map { ["--address", $0] } ?? []) + arguments,
            environment: variables)
    }

    deinit {
        child.terminate()
    }

    /// The opt-out file.
    var settingsFile: URL {
        Self.settingsFile(under: configHome)
    }

    /// The opt-out file of a notifier whose `XDG_CONFIG_HOME` is `configHome`.
    static func settingsFile(under configHome: URL) -> URL {
        configHome.appendingPathComponent("feels/notifier.conf")
    }

    /// Writes `text` as the opt-out file under `configHome`, making its folder.
    ///
    /// - Returns: The file.
    @discardableResult
    static func writeSettings(_ text: String, under configHome: URL) throws -> URL {
        let file = settingsFile(under: configHome)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Every line the notifier logged so far.
    var log: [String] {
        child.lines(of: .standardError)
    }

    /// Waits until the notifier logs a line containing `text`.
    ///
    /// - Returns: Whether it did within `timeout`.
    @discardableResult
    func waitForLog(_ text: String, timeout: Duration = .seconds(20)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !log.contains(where: { $0.contains(text) }) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            guard child.isRunning else {
                // Everything it wrote is in the pipe; on a loaded machine the reader may not have read it all yet.
                child.waitForEnd(of: .standardError, timeout: left)
                return log.contains(where: { $0.contains(text) })
            }
            // Wakes as soon as a line arrives; the check above looks at every line, read here or before.
            _ = child.readLine(from: .standardError, timeout: min(left, .milliseconds(200)))
        }
        return true
    }

    /// Waits until the notifier logs more than `count` lines containing `text`.
    ///
    /// - Returns: Whether it did within `timeout`.
    @discardableResult
    func waitForLogCount(_ text: String, _ count: Int, timeout: Duration = .seconds(20)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while self.count(text) <= count {
            let left = deadline - ContinuousClock.now
            guard left > .zero, child.isRunning else { return self.count(text) > count }
            _ = child.readLine(from: .standardError, timeout: min(left, .milliseconds(200)))
        }
        return true
    }

    /// How many lines contain `text`.
    func count(_ text: String) -> Int {
        log.filter { $0.contains(text) }.count
    }

    /// The notifier's unique name on the bus, as it says when it starts ("Started as :1.4: settings …").
    var uniqueName: String? {
        guard waitForLog("Started as :"), let line = log.first(where: { $0.contains("Started as :") }),
            let range = line.range(of: "Started as ")
        else { return nil }
        var name = String(line[range.upperBound...].prefix { $0 != " " })
        if name.hasSuffix(":") { name.removeLast() }
        return name
    }

    /// Stops the notifier with SIGTERM.
    @discardableResult
    func stop() -> ChildProcess.Termination? {
        child.send(signal: SIGTERM)
        return child.waitForExit(timeout: .seconds(10))
    }
}
