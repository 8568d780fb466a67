import DBus
import Foundation
import TipsInterface

/// The real `feels-tipsd` on a private bus, with its own datastore in a temporary folder, and a client of ours.
///
/// Everything it starts is stopped when it is released, whatever the test did.
public final class RunningService {
    /// `org.feels.Tips1.Error.UnknownTip`.
    public static let unknownTip = Tips1.Error.unknownTip.rawValue
    /// `org.freedesktop.DBus.Error.InvalidArgs`.
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    /// Every line the service wrote to stderr before it was last stopped.
    public private(set) var lastLog: [String] = []

    public static let name = Tips1.busName
    public static let path = Tips1.objectPath
    public static let interface = Tips1.name

    public let bus: TestBus
    public let folder: URL
    public let datastore: String
    private let arguments: [String]
    private let environment: [String: String?]
    /// The command the service runs under, such as `faketime -f @…`; change it before `restart()` to restart the
    /// service under another one.
    public var launcher: [String]
    public private(set) var daemon: ChildProcess?
    /// The service's own process ID as the bus reports it: not the launcher's when the launcher forks (`faketime`
    /// runs the program as its child and does not pass signals on).
    public private(set) var servicePID: Int32?
    public let client: DBusConnection
    public private(set) var signals: [DBusMessage] = []

    /// Starts a bus, the service on it (its datastore in a fresh folder) and a client.
    ///
    /// - Parameters:
    ///   - arguments: Further arguments for `feels-tipsd`.
    ///   - environment: Variables for the service, on top of the test's (`TZ`, say).
    ///   - launcher: A command the service runs under, such as `faketime -f @…`.
    ///   - testing: Whether the service serves the testing switches (`--testing`).
    ///   - followsSignals: Whether the client keeps the service's signals in ``signals``; a client that makes many
    ///     calls and reads no signal (the fuzzer) is better without.
    public init(
        arguments: [String] = [], environment: [String: String?] = [:], launcher: [String] = [], testing: Bool = true,
        followsSignals: Bool = true
    ) throws {
        bus = try TestBus()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feels-service-\(UUID().uuidString)")
        // 0700 whatever the umask, which a test of the datastore's permissions changes while others run: the
        // service refuses a datastore folder other users can write to.
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        datastore = folder.appendingPathComponent("tips.sqlite").path
        self.arguments = arguments + (testing ? ["--testing"] : [])
        self.environment = environment
        self.launcher = launcher
        client = try DBusConnection(address: bus.address)
        if followsSignals {
            try client.addMatch("type='signal',path='\(Self.path)'")
            client.onSignal = { [weak self] message in if message.path == Self.path { self?.signals.append(message) } }
        }
        try start()
    }

    deinit {
        stop()
        client.close()
        bus.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The command line that starts the service: the `feels-tipsd` beside the tests, or the one `FEELS_TIPSD` names
    /// (`scripts/language-names` names the one we ship).
    public var commandLine: [String] {
        get throws {
            let daemon = try ProcessInfo.processInfo.environment["FEELS_TIPSD"] ?? builtProduct("feels-tipsd")
            return launcher + [daemon, "--address", bus.address, "--datastore", datastore] + arguments
        }
    }

    /// Starts the service and waits until it says it serves the name.
    public func start() throws {
        let command = try commandLine
        let daemon = try ChildProcess(command[0], Array(command.dropFirst()), environment: environment)
        self.daemon = daemon
        while let line = daemon.readLine(from: .standardError, timeout: .seconds(20)) {
            if line.contains("Serving 'org.feels.Tips'") {
                servicePID = try? client.processID(ofOwner: Self.name.rawValue)
                return
            }
        }
        throw ServiceDidNotStart(log: daemon.lines(of: .standardError))
    }

    /// Stops the service with SIGTERM and returns how it ended.
    @discardableResult
    public func stop() -> ChildProcess.Termination? {
        guard let daemon else { return nil }
        // While the launcher runs, a forked service is its unreaped child, so the PID cannot have been reused.
        if let servicePID, servicePID != daemon.pid, daemon.isRunning {
            kill(servicePID, SIGTERM)
        } else {
            daemon.send(signal: SIGTERM)
        }
        let termination = daemon.waitForExit(timeout: .seconds(10))
        if termination == nil { daemon.kill() }
        // A service a launcher started that never said it served (so its PID is unknown) outlives the launcher.
        if servicePID == nil, !launcher.isEmpty { daemon.killGroup() }
        lastLog = daemon.lines(of: .standardError)
        self.daemon = nil
        servicePID = nil
        return termination
    }

    /// Stops the service and starts it again on the same datastore.
    public func restart() throws {
        stop()
        try start()
    }

    /// The contract's typed client of `org.feels.Tips1`, over our own connection.
    public var tips: Tips1Client {
        Tips1Client(connection: client, timeout: .seconds(10))
    }

    /// The contract's typed client of `org.feels.Tips1.Testing`.
    public var testing: Tips1TestingClient {
        Tips1TestingClient(connection: client, destination: Self.name, path: Self.path, timeout: .seconds(10))
    }

    /// Calls a method of `org.feels.Tips1` with arguments of our choosing, for the tests of what the contract refuses.
    @discardableResult
    public func call(_ method: Tips1.Method, _ arguments: [DBusValue] = []) throws(DBusError) -> [DBusValue] {
        try client.call(
            destination: Self.name, path: Self.path, interface: Self.interface, member: method.name,
            arguments: arguments, timeout: .seconds(10))
    }

    /// The D-Bus error name a call is answered with; `nil` when it succeeds.
    public func errorName(of method: Tips1.Method, _ arguments: [DBusValue] = []) throws(DBusError) -> String? {
        try errorName { _ throws(DBusError) in try self.call(method, arguments) }
    }

    /// The D-Bus error name the calls `body` makes are answered with; `nil` when they succeed.
    public func errorName(_ body: (Tips1Client) throws(DBusError) -> Void) throws(DBusError) -> String? {
        do throws(DBusError) {
            try body(tips)
            return nil
        } catch {
            guard case .remote(let name, _) = error else { throw error }
            return name
        }
    }

    /// One tip, through `GetTips`.
    public func tip(_ id: String, languages: [String]? = nil) throws -> Tips1.Tip {
        let tips = try tips.getTips(ids: [id], options: Tips1.GetTipsOptions(languages: languages))
        guard let tip = tips.first else { throw DBusError.invalidMessage("GetTips answered no tip for '\(id)'") }
        return tip
    }

    /// The status of a tip, through `GetTips`.
    public func status(_ id: String) throws -> String {
        try tip(id).status
    }

    /// Whether the service still answers `Peer.Ping`.
    public func answersPing() -> Bool {
        (try? client.call(
            destination: Self.name, path: Self.path, interface: "org.freedesktop.DBus.Peer", member: "Ping",
            timeout: .seconds(5))) != nil
    }

    /// Runs `busctl --address=… ARGUMENTS`.
    public func busctl(_ arguments: [String]) throws -> ToolResult {
        try runTool("busctl", ["--address=\(bus.address)"] + arguments)
    }

    /// Runs `busctl call` on the object and decodes its `--json=short` output.
    public func busctlCall(_ method: Tips1.Method, _ signature: String = "", _ arguments: String...) throws
        -> BusctlReply
    {
        let result = try busctl(
            [
                "--json=short", "call", Self.name.rawValue, Self.path.rawValue, Self.interface.rawValue,
                method.rawValue,
            ] + (signature.isEmpty ? [] : [signature] + arguments))
        return BusctlReply(result)
    }

    /// Runs `gdbus call` on the object.
    public func gdbus(_ method: Tips1.Method, _ arguments: String...) throws -> ToolResult {
        try runTool(
            "gdbus",
            [
                "call", "--address", bus.address, "--dest", Self.name.rawValue, "--object-path", Self.path.rawValue,
                "--method", "\(Self.interface.rawValue).\(method.rawValue)",
            ] + arguments)
    }

    /// Runs `dbus-send --print-reply` on the object; `arguments` are dbus-send's own, such as `string:great`.
    public func dbusSend(_ method: Tips1.Method, _ arguments: String...) throws -> ToolResult {
        try runTool(
            "dbus-send",
            [
                "--bus=\(bus.address)", "--print-reply", "--dest=\(Self.name.rawValue)", Self.path.rawValue,
                "\(Self.interface.rawValue).\(method.rawValue)",
            ] + arguments)
    }

    /// Dispatches incoming messages until `predicate` holds for the signals received, or `timeout` passes.
    @discardableResult
    public func waitForSignals(timeout: Duration = .seconds(5), until predicate: ([DBusMessage]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !predicate(signals) {
            guard ContinuousClock.now < deadline else { return false }
            _ = client.readWriteDispatch(timeout: .milliseconds(50))
        }
        return true
    }

    /// Forgets the signals the service sent so far, including those still queued in our connection.
    public func clearSignals() {
        // After a round trip, every signal the service sent before answering is in our queue; `readWriteDispatch`
        // dispatches one message per call, so dispatch until a few calls in a row bring no new signal.
        _ = answersPing()
        var quietDispatches = 0
        while quietDispatches < 5 {
            let received = signals.count
            _ = client.readWriteDispatch(timeout: .zero)
            quietDispatches = signals.count == received ? quietDispatches + 1 : 0
        }
        signals.removeAll()
    }

    /// The `TipChanged` signals received, decoded.
    public var tipChanges: [(id: String, location: String, changes: Tips1.TipChanges)] {
        signals.compactMap { message in
            guard case .tipChanged(let id, let location, let changes)? = Tips1.SignalMessage(message) else {
                return nil
            }
            return (id, location, changes)
        }
    }

    /// The properties announced by `PropertiesChanged`, latest value last.
    public var changedProperties: [(String, DBusValue)] {
        signals.filter { $0.member?.rawValue == "PropertiesChanged" }.flatMap { message -> [(String, DBusValue)] in
            let arguments = (try? message.arguments) ?? []
            guard arguments.count == 3, let changed = arguments[1].dictionaryValue else { return [] }
            return changed.compactMap { entry in
                guard let name = entry.key.stringValue, let value = entry.value.variantValue else { return nil }
                return (name, value)
            }
        }
    }
}

/// The service exited or said nothing before it served its name.
public struct ServiceDidNotStart: Error, CustomStringConvertible {
    public let log: [String]
    public var description: String { "feels-tipsd did not start serving; it said:\n" + log.joined(separator: "\n") }
}

/// What `busctl --json=short call` printed: the reply's values, or the error.
public struct BusctlReply {
    public let status: Int32
    public let json: [String: Any]?
    public let stderr: String

    public init(_ result: ToolResult) {
        status = result.status
        stderr = result.stderr
        json = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
    }

    /// The reply's signature.
    public var type: String? { json?["type"] as? String }
    /// The reply's values.
    public var data: [Any] { json?["data"] as? [Any] ?? [] }
}
