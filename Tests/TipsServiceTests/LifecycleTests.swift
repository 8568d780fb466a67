import BusTestSupport
import DBus
import Foundation
import Testing

/// How `feels-tipsd` starts, keeps its state, refuses to start, and ends.
@Suite("The service's lifecycle")
struct LifecycleTests {
    @Test func stateIsKeptAcrossARestart() throws {
        let service = try RunningService(environment: ["TZ": DayBoundaryTests.zoneWhereItIsNoonNow()])
        for mood in ["great", "bad", "average"] {
            try service.call("LogMood", [.string(mood)])
        }
        try service.call("SettingsViewed")
        try service.call("InvalidateTip", [.string("CustomizeLayoutTip"), .string("tipClosed")])
        let displayed = try service.call("DisplayNextTip", [.string("")]).first?.stringValue
        #expect(displayed == "SiriShortcutTip")
        let properties = try allProperties(of: service)
        let tips = try service.call("ListTips")
        #expect(properties["MoodLogCount"] == .uint32(3))
        #expect(properties["NextDisplayTime"] != .int64(0))

        #expect(service.stop() == .exited(0))
        try service.start()

        #expect(try allProperties(of: service) == properties)
        let reloaded = try service.call("ListTips")
        #expect(reloaded == tips)
        let tip = try service.tip("SiriShortcutTip")
        #expect(tip["display_count"] == .uint32(1))
        #expect(try service.status("CustomizeLayoutTip") == "invalidated")
        #expect(try service.tip("CustomizeLayoutTip")["invalidation_reason"] == .string("tipClosed"))
    }

    @Test(arguments: zip([SIGTERM, SIGINT], ["SIGTERM", "SIGINT"]))
    func aTerminationSignalEndsTheServiceWithStatusZeroAndALogLine(signal: Int32, name: String) throws {
        let service = try RunningService()
        let daemon = try #require(service.daemon)
        daemon.send(signal: signal)
        #expect(daemon.waitForExit(timeout: .seconds(5)) == .exited(0))
        let log = daemon.lines(of: .standardError)
        #expect(log.contains("feels-tipsd: Received \(name), exiting"), "\(log)")
    }

    @Test func aSecondInstanceOnTheSameBusSaysTheNameIsTakenAndExits() throws {
        let service = try RunningService()
        let other = service.folder.appendingPathComponent("other.sqlite").path
        let second = try Self.tipsd(["--address", service.bus.address, "--datastore", other])
        #expect(second.status != 0)
        #expect(second.stderr.contains("already taken"), "\(second.stderr)")
        #expect(second.stderr.contains("another feels-tipsd"), "\(second.stderr)")
        #expect(service.daemon?.isRunning == true)
        #expect(service.answersPing())
        #expect(try service.call("LogMood", [.string("good")]) == [.uint32(1)])
    }

    // A second instance on another bus with the same datastore waits for it, answering InUse: SecondSessionTests.

    @Test func losingTheBusEndsTheServiceWithALogLineNotACrash() throws {
        let service = try RunningService()
        let daemon = try #require(service.daemon)
        service.bus.stop()
        // Exit status 1 by design: the service did not choose to stop; a signal here would be a crash.
        #expect(daemon.waitForExit(timeout: .seconds(5)) == .exited(1))
        let log = daemon.lines(of: .standardError)
        #expect(log.contains { $0.hasPrefix("feels-tipsd: Lost the connection") }, "\(log)")
    }

    @Test func helpPrintsUsageAndExitsZero() throws {
        let help = try Self.tipsd(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: feels-tipsd [OPTIONS]"))
        #expect(help.stdout.contains("--display-frequency VALUE"))
        #expect(help.stderr.isEmpty)
    }

    @Test func versionPrintsTheNameAndVersion() throws {
        let version = try Self.tipsd(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "feels-tipsd 0.1.0\n")
    }

    @Test(arguments: [
        (["--bogus"], "'--bogus'"),
        (["--display-frequency", "often"], "'often'"),
        (["--display-frequency=often"], "'often'"),
        (["--datastore"], "'--datastore'"),
        (["extra"], "'extra'"),
    ])
    func aBadCommandLineExitsTwoNamingWhatIsWrong(arguments: [String], named: String) throws {
        let result = try Self.tipsd(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("feels-tipsd: ") == true, "\(lines)")
        #expect(lines.first?.contains(named) == true, "\(lines)")
        #expect(lines.last == "Try 'feels-tipsd --help' for more information.", "\(lines)")
    }

    @Test func aCorruptDatastoreFileMakesTheServiceExitOneAndIsLeftIntact() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("tips.sqlite").path
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let bus = try TestBus()
        let result = try Self.tipsd(["--address", bus.address, "--datastore", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'\(path)'"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["tips.sqlite"])
    }

    @Test func withNoSessionBusTheServiceExitsOneSayingSo() throws {
        let folder = try TemporaryFolder()
        let result = try Self.tipsd(
            ["--datastore", folder.url.appendingPathComponent("tips.sqlite").path],
            env: ["DBUS_SESSION_BUS_ADDRESS": nil])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("feels-tipsd: Failed to connect to the bus"), "\(result.stderr)")
        #expect(result.stderr.contains("DBUS_SESSION_BUS_ADDRESS is not set"), "\(result.stderr)")
        // Each cause is said once: the line once read "Failed to connect to the bus: Failed to connect to the bus: …".
        #expect(result.stderr.components(separatedBy: "Failed to connect").count == 2, "\(result.stderr)")
    }

    @Test func theIdleServiceMakesNoWakeups() throws {
        // At noon the next time-driven change, the next midnight, is hours away.
        let service = try RunningService(environment: ["TZ": DayBoundaryTests.zoneWhereItIsNoonNow()])
        try service.call("LogMood", [.string("good")])
        let pid = try #require(service.daemon?.pid)
        Thread.sleep(forTimeInterval: 0.3)
        let before = try Self.voluntaryContextSwitches(of: pid)
        Thread.sleep(forTimeInterval: 2)
        let after = try Self.voluntaryContextSwitches(of: pid)
        #expect(after == before, "the service woke up \(after - before) times in 2 seconds")
        #expect(service.answersPing())
    }

    // MARK: - Helpers

    /// Runs `feels-tipsd` to completion.
    static func tipsd(_ arguments: [String], env: [String: String?] = [:]) throws -> ToolResult {
        try runTool(try builtProduct("feels-tipsd"), arguments, env: env, timeout: .seconds(10))
    }

    /// Every property of `org.feels.Tips1`, through `GetAll`.
    func allProperties(of service: RunningService) throws -> [String: DBusValue] {
        try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface)
    }

    /// The voluntary context switches of every thread of `pid`, from `/proc/PID/task/*/status`.
    static func voluntaryContextSwitches(of pid: Int32) throws -> Int {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return try tasks.reduce(0) { total, task in
            let status = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return total + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
        }
    }
}
