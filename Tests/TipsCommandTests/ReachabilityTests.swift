import BusTestSupport
import DBus
import Foundation
import Testing
import TipsCommand
import TipsInterface

/// What `feels-tips` says when the service or the bus cannot be reached, and that the bus starts the service.
@Suite("Reaching the service")
struct ReachabilityTests {
    static let notRunning =
        "feels-tips: feels-tipsd is not running and cannot be started: nothing provides org.feels.Tips on this bus "
        + "(is Feels Tips installed?)\n"

    @Test(arguments: [
        [CommandName.status.rawValue], ["tips"], ["log", "great"], ["show", "TimeViewTip"], ["why", "TimeViewTip"],
        ["next"],
        ["invalidate", "TimeViewTip", "tip-closed"], ["reset", "--yes"], ["watch"], ["moods", "export"],
        ["moods", "forget", "--yes"], ["testing", "clear"], ["--json", "tips"],
    ])
    func withNothingProvidingTheServiceEveryCommandExitsThreeSayingSo(arguments: [String]) throws {
        let bus = try TestBus()
        let result = try FeelsTips.run(["--address", bus.address] + arguments)
        #expect(result.status == 3, "\(result.transcript)")
        #expect(result.stderr == Self.notRunning)
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [["tips"], ["--json", CommandName.status.rawValue], ["watch"]])
    func withoutASessionBusTheCommandExitsThreeSayingSo(arguments: [String]) throws {
        let result = try FeelsTips.run(
            arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": nil])
        #expect(result.status == 3, "\(result.transcript)")
        #expect(
            result.stderr
                == "feels-tips: cannot reach the session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no "
                + "$XDG_RUNTIME_DIR/bus (is there a desktop session? --address names a bus)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aBusThatIsGoneExitsThreeNamingItsAddress() throws {
        let bus = try TestBus()
        let address = bus.address
        bus.stop()
        let result = try FeelsTips.run(["--address", address, "tips"])
        #expect(result.status == 3, "\(result.transcript)")
        #expect(result.stderr.hasPrefix("feels-tips: cannot reach the bus at '\(address)': "), "\(result.stderr)")
    }

    @Test func theSessionBusIsTheOneInTheEnvironment() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(["log", "good"], environment: ["DBUS_SESSION_BUS_ADDRESS": service.bus.address])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(try service.tips.moodLogCount() == 1)
    }

    // With DBUS_SESSION_BUS_ADDRESS unset, feels-tips said there was no session bus where busctl and gdbus found the
    // user's bus at $XDG_RUNTIME_DIR/bus.
    @Test func withNoAddressSetTheSessionBusIsFoundAtXDGRuntimeDirBus() throws {
        let service = try RunningService()
        let result = try FeelsTips.run(
            [CommandName.status.rawValue],
            environment: ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": service.bus.directory.path])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(!result.stdout.isEmpty, "\(result.transcript)")
    }

    /// The activation file `make install` writes from `dbus/org.feels.Tips.service.in`, on a private bus.
    @Test func theBusStartsTheServiceForTheFirstCommand() throws {
        let activating = try ActivatingBus()
        let bus = activating.bus

        let logged = try FeelsTips.run(["--address", bus.address, "log", "great"])
        let status = try FeelsTips.run(["--address", bus.address, CommandName.status.rawValue, "--json"])

        #expect(logged.status == 0, "\(logged.transcript)\n\(bus.log)")
        #expect(logged.stdout == "Logged great; 1 mood logged so far.\n")
        let properties = try #require(try FeelsTips.object(status)["properties"] as? [String: Any])
        #expect(properties[.datastore] as? String == activating.datastore)
        #expect(properties[.moodLogCount] as? Int == 1)
    }
}
