import BusTestSupport
import DBus
import Foundation
import Testing

/// `--help`, `--version`, a bad command line, and `--once`: show what is due, wait briefly, exit 0.
@Suite("The command line")
struct CommandLineTests {
    static func notifier(_ arguments: [String], env: [String: String?] = [:]) throws -> ToolResult {
        try runTool(try builtProduct("feels-tips-notifier"), arguments, env: env, timeout: .seconds(30))
    }

    @Test func helpPrintsUsageAndExitsZero() throws {
        let help = try Self.notifier(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: feels-tips-notifier [OPTIONS]"))
        #expect(help.stdout.contains("--once"))
        #expect(help.stdout.contains("notifier.conf"))
        #expect(help.stderr.isEmpty)
    }

    @Test func versionPrintsTheNameAndTheVersionOfFeelsTips() throws {
        let version = try Self.notifier(["--version"])
        #expect(version.status == 0)
        let tipsd = try runTool(try builtProduct("feels-tipsd"), ["--version"])
        #expect(version.stdout == tipsd.stdout.replacingOccurrences(of: "feels-tipsd", with: "feels-tips-notifier"))
        #expect(version.stdout.hasPrefix("feels-tips-notifier "))
    }

    @Test(arguments: [
        (["--bogus"], "'--bogus'"),
        (["--address"], "'--address'"),
        (["--address="], "'--address'"),
        (["--once=yes"], "'--once'"),
        (["extra"], "'extra'"),
    ])
    func aBadCommandLineExitsTwoNamingWhatIsWrong(arguments: [String], named: String) throws {
        let result = try Self.notifier(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("feels-tips-notifier: ") == true, "\(lines)")
        #expect(lines.first?.contains(named) == true, "\(lines)")
        #expect(lines.last == "Try 'feels-tips-notifier --help' for more information.", "\(lines)")
    }

    @Test func withNoSessionBusItExitsOneSayingSo() throws {
        let config = try TemporaryFolder()
        let result = try Self.notifier(
            [], env: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": nil, "XDG_CONFIG_HOME": config.url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("DBUS_SESSION_BUS_ADDRESS is not set"), "\(result.stderr)")
    }

    @Test func withNoAddressSetItFindsTheSessionBusAtXDGRuntimeDirBus() throws {
        let bus = try TestBus()
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(
            address: nil, configHome: config.url, environment: ["XDG_RUNTIME_DIR": bus.directory.path])
        #expect(notifier.waitForLog("Started as :"), "\(notifier.log)")
        let client = try DBusConnection(address: bus.address)
        let name = try #require(notifier.uniqueName)
        #expect(try ForgedSignal.uniqueNames(ofProcess: notifier.child.pid, on: client).contains(name))
    }

    @Test func onceShowsTheDueTipWaitsBrieflyForTheAnswerAndExitsZeroWithdrawingIt() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url, arguments: ["--once"])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        #expect(notifier.child.waitForExit(timeout: .seconds(20)) == .exited(0), "\(notifier.log)")
        #expect(try server.notifyCalls().count == 1)
        // Left on screen, a click would reach no one once --once has exited.
        #expect(try eventually { try server.closeCalls() == [1] })
        #expect(try eventually { try service.tip("CustomizeLayoutTip").heldBackBy == "" })
    }

    @Test func onceLeavesAsSoonAsTheNotificationIsClosed() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url, arguments: ["--once"])
        #expect(notifier.waitForLog("Showed 'CustomizeLayoutTip'"), "\(notifier.log)")
        let closedAt = ContinuousClock.now
        try server.close(1, reason: 2)
        #expect(notifier.child.waitForExit(timeout: .seconds(20)) == .exited(0), "\(notifier.log)")
        #expect(ContinuousClock.now - closedAt < .seconds(4), "it did not wait out its five seconds")
        #expect(notifier.waitForLog("was dismissed by the user (2); nothing is recorded"), "\(notifier.log)")
    }

    @Test func onceExitsZeroWhenNothingIsDue() throws {
        let service = try RunningService.usedToday()
        try service.tips.presentNextTip(location: "")
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url, arguments: ["--once"])
        #expect(notifier.child.waitForExit(timeout: .seconds(20)) == .exited(0), "\(notifier.log)")
        #expect(notifier.waitForLog("Waiting: the display window is closed until"), "\(notifier.log)")
        #expect(try server.notifyCalls().isEmpty)
    }

    @Test func onceExitsZeroWhileAnotherNotifierIsActive() throws {
        let service = try RunningService.usedToday()
        let server = try MockNotificationServer(address: service.bus.address)
        let config = try TemporaryFolder()
        let running = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(running.waitForLog("Active: showing tips"), "\(running.log)")
        let once = try NotifierProcess(address: service.bus.address, configHome: config.url, arguments: ["--once"])
        #expect(once.child.waitForExit(timeout: .seconds(20)) == .exited(0), "\(once.log)")
        #expect(once.waitForLog("Another feels-tips-notifier shows the tips"), "\(once.log)")
        #expect(running.waitForLog("Showed 'CustomizeLayoutTip'"), "\(running.log)")
        #expect(try server.notifyCalls().count == 1)
    }

    @Test func sigtermEndsTheNotifierWithStatusZeroAndALogLine() throws {
        let service = try RunningService()
        let config = try TemporaryFolder()
        let notifier = try NotifierProcess(address: service.bus.address, configHome: config.url)
        #expect(notifier.waitForLog("Waiting: no notification server"), "\(notifier.log)")
        #expect(notifier.stop() == .exited(0))
        #expect(notifier.log.last == "feels-tips-notifier: Received SIGTERM, exiting", "\(notifier.log)")
    }
}
