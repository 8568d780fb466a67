import BusTestSupport
import DBus
import EventLoop
import Foundation
import Testing
import TipsInterface

/// How `feels-tipsd` starts, keeps its state, refuses to start, and ends.
@Suite("The service's lifecycle")
struct LifecycleTests {
    @Test func stateIsKeptAcrossARestart() throws {
        let service = try RunningService(environment: ["TZ": DayBoundaryTests.zoneWhereItIsNoonNow()])
        for mood in ["great", "bad", "average"] {
            try service.tips.logMood(mood: mood)
        }
        try service.tips.settingsViewed()
        try service.tips.invalidateTip(id: "CustomizeLayoutTip", reason: "tip-closed")
        try service.tips.invalidateTip(id: "AIInsightsTip", reason: "actionPerformed")
        #expect(try service.tips.presentNextTip(location: "").tip?.id == "SiriShortcutTip")
        let properties = try service.tips.properties()
        let tips = try service.tips.getTips(ids: [])
        #expect(properties.moodLogCount == 3)
        #expect(properties.nextDisplayTime != 0)

        #expect(service.stop() == .exited(0))
        try service.start()

        #expect(try service.tips.properties() == properties)
        #expect(try service.tips.getTips(ids: []) == tips)
        #expect(try service.tip("SiriShortcutTip").displayCount == 1)
        #expect(try service.status("CustomizeLayoutTip") == "invalidated")
        #expect(try service.tip("CustomizeLayoutTip").invalidationReason == "tip-closed")
        #expect(try service.tip("AIInsightsTip").invalidationReason == "action-performed")
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
        #expect(try service.tips.logMood(mood: "good") == 1)
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
        // The testing switches are served only when asked for, and the help says where they are.
        let lines = help.stdout.split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.contains("--testing") }, "\(help.stdout)")
        // The option's text, wrapped: its line and the ones below that start no other option.
        let testing = lines[start...].prefix { $0 == lines[start] || !$0.hasPrefix("  --") }.joined(separator: " ")
        #expect(testing.contains(Tips1Testing.name.rawValue), "\(help.stdout)")
        #expect(help.stderr.isEmpty)
    }

    @Test func withoutTestingTheServiceServesAppsAndNoSwitch() throws {
        let service = try RunningService(testing: false)
        #expect(try service.tips.logMood(mood: "good") == 1)
        #expect(try service.tips.presentTip(id: "TimeViewTip").shown)
        let all = try service.client.getAllProperties(
            destination: RunningService.name, path: RunningService.path, interface: RunningService.interface)
        #expect(all[Tips1Testing.Property.activeSwitch.rawValue] == nil)
        let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        #expect(try service.testingErrorName { try $0.hideAllTips() } == unknownInterface)
        #expect(try service.testingErrorName { try $0.setDisplayFrequency(frequency: "immediate") } == unknownInterface)
        #expect(try service.tips.displayFrequency() == "daily")
    }

    @Test func versionPrintsTheNameAndVersion() throws {
        let version = try Self.tipsd(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "feels-tipsd 0.2.0\n")
        // The same version the running service gives as ServiceVersion (Version is the interface's revision now).
        let service = try RunningService()
        #expect(try "feels-tipsd \(service.tips.serviceVersion())\n" == version.stdout)
        #expect(try service.tips.version() == 1)
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
            env: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": nil])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("feels-tipsd: Failed to connect to the bus"), "\(result.stderr)")
        #expect(result.stderr.contains("DBUS_SESSION_BUS_ADDRESS is not set"), "\(result.stderr)")
        // Each cause is said once: the line once read "Failed to connect to the bus: Failed to connect to the bus: …".
        #expect(result.stderr.components(separatedBy: "Failed to connect").count == 2, "\(result.stderr)")
    }

    // busctl and gdbus find the user's bus at $XDG_RUNTIME_DIR/bus when DBUS_SESSION_BUS_ADDRESS is unset, as a
    // systemd user session leaves it; so does the service.
    @Test func withNoAddressSetTheServiceFindsTheSessionBusAtXDGRuntimeDirBus() throws {
        let bus = try TestBus()
        let folder = try TemporaryFolder()
        let daemon = try ChildProcess(
            try builtProduct("feels-tipsd"), ["--datastore", folder.url.appendingPathComponent("tips.sqlite").path],
            environment: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": bus.directory.path])
        defer { daemon.terminate() }
        var serving = false
        while !serving, let line = daemon.readLine(from: .standardError, timeout: .seconds(20)) {
            serving = line.contains("Serving 'org.feels.Tips'")
        }
        #expect(serving, "\(daemon.lines(of: .standardError))")
        let client = try DBusConnection(address: bus.address)
        let owner = try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", arguments: [.string(RunningService.name.rawValue)],
            timeout: .seconds(5))
        #expect(owner.first?.uint32Value == UInt32(daemon.pid))
    }

    @Test func theIdleServiceMakesNoWakeups() throws {
        // At noon the next time-driven change, the next midnight, is hours away.
        let service = try RunningService(environment: ["TZ": DayBoundaryTests.zoneWhereItIsNoonNow()])
        try service.tips.logMood(mood: "good")
        let pid = try #require(service.daemon?.pid)
        // The loop's thread and the datastore writer's, which the write started and which sleeps until the next job.
        Thread.sleep(forTimeInterval: 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count == 2)
        let before = try Self.voluntaryContextSwitches(of: pid)
        // Other applications' files come and go beside the datastore's folder (~/.local/share): none of it is ours.
        let beside = URL(fileURLWithPath: service.datastore).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("another-application-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: beside.path, contents: Data("theirs".utf8)))
        try FileManager.default.removeItem(at: beside)
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
