import BusTestSupport
import DBus
import Foundation
import Testing
import TipsInterface

/// One user, two session buses (a second login without systemd's user bus, ssh with dbus-launch), one datastore:
/// the second bus's service owns its name, answers every call with `org.feels.Tips1.Error.InUse` naming the first,
/// and takes over by itself when the first exits (it once exited 1 into its own log, and every call
/// there failed with "Process org.feels.Tips exited with status 1").
@Suite("A second session on the same datastore")
struct SecondSessionTests {
    static let inUse = Tips1.Error.inUse.rawValue

    /// A `feels-tipsd` on a bus of its own, on the first service's datastore, with a client that collects its
    /// signals.
    final class SecondService {
        let bus: TestBus
        let daemon: ChildProcess
        let client: DBusConnection
        private(set) var signals: [DBusMessage] = []

        init(datastore: String) throws {
            bus = try TestBus()
            client = try DBusConnection(address: bus.address)
            daemon = try ChildProcess(
                try builtProduct("feels-tipsd"), ["--address", bus.address, "--datastore", datastore])
            try client.addMatch("type='signal',path='\(RunningService.path)'")
            client.onSignal = { [weak self] in if $0.path == RunningService.path { self?.signals.append($0) } }
        }

        deinit {
            daemon.terminate()
            client.close()
            bus.stop()
        }

        /// Waits for a line of the service's log containing `text`.
        func waitForLog(_ text: String, timeout: Duration = .seconds(20)) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while !daemon.lines(of: .standardError).contains(where: { $0.contains(text) }) {
                guard ContinuousClock.now < deadline, daemon.isRunning else { return false }
                _ = daemon.readLine(from: .standardError, timeout: .milliseconds(200))
            }
            return true
        }

        /// The error name and message a call of `method` gets, or "returned VALUES".
        func outcome(_ method: Tips1.Method, _ arguments: [DBusValue]) -> String {
            outcome(method.name, arguments, interface: Tips1.name)
        }

        /// The error name and message a call gets, or "returned VALUES".
        func outcome(_ member: MemberName, _ arguments: [DBusValue] = [], interface: InterfaceName) -> String {
            do {
                let values = try client.call(
                    destination: RunningService.name, path: RunningService.path, interface: interface,
                    member: member, arguments: arguments, timeout: .seconds(10))
                return "returned \(values)"
            } catch .remote(let name, let message) {
                return "\(name): \(message)"
            } catch {
                return "\(error)"
            }
        }

        /// Dispatches until a `PropertiesChanged` arrived, and gives the names it carried.
        func waitForPropertiesChanged(timeout: Duration = .seconds(10)) -> [String] {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let message = signals.first(where: { $0.member?.rawValue == "PropertiesChanged" }),
                    let changed = (try? message.arguments)?.dropFirst().first?.dictionaryValue
                {
                    return changed.compactMap(\.key.stringValue).sorted()
                }
                _ = client.readWriteDispatch(timeout: .milliseconds(50))
            }
            return []
        }
    }

    @Test func theSecondServiceOwnsItsNameAndAnswersEveryCallWithInUseNamingTheFirst() throws {
        let first = try RunningService()
        try first.tips.logMood(mood: "great")
        let firstPID = try #require(first.servicePID)
        let second = try SecondService(datastore: first.datastore)

        #expect(
            second.waitForLog("with \(Self.inUse) until it is free"),
            "\(second.daemon.lines(of: .standardError))")
        let expected =
            "\(Self.inUse): Datastore '\(first.datastore)' is in use by feels-tipsd (pid \(firstPID)) on the bus "
            + "'\(first.bus.address)'; this feels-tipsd (pid \(second.daemon.pid)) serves once it exits"
        #expect(second.outcome(.logMood, [.string("good"), .vardict([])]) == expected)
        #expect(second.outcome(.getTips, [.strings(["TimeViewTip"]), .vardict([])]) == expected)
        #expect(
            second.outcome(.presentTip, [.string("TimeViewTip"), Tips1.PresentOptions(languages: ["de"]).encoded])
                == expected)
        // Whatever the arguments: the answer is about the service, not the call.
        #expect(second.outcome(.logMood, [.uint32(3)]) == expected)
        let properties: InterfaceName = "org.freedesktop.DBus.Properties"
        #expect(
            second.outcome(
                "Get", [.string(Tips1.name.rawValue), .string(Tips1.Property.version.rawValue)],
                interface: properties) == expected)
        #expect(
            second.outcome("GetAll", [.string(Tips1.name.rawValue)], interface: properties)
                == expected)
        #expect(
            second.outcome("Introspect", interface: "org.freedesktop.DBus.Introspectable")
                .contains(Tips1.Method.logMood.rawValue),
            "the interface is there to see")
        #expect(second.daemon.isRunning)
        // The first session's service is untouched.
        #expect(try first.tips.logMood(mood: "good") == 2)
    }

    @Test(arguments: [SIGTERM, SIGKILL])
    func theSecondServiceTakesOverWhenTheFirstEndsAndAnnouncesEveryProperty(_ signal: Int32) throws {
        let first = try RunningService()
        try first.tips.logMood(mood: "great")
        let second = try SecondService(datastore: first.datastore)
        #expect(second.waitForLog("until it is free"))
        #expect(second.outcome(.logMood, [.string("good"), .vardict([])]).hasPrefix(Self.inUse))

        let firstPID = try #require(first.servicePID)
        kill(firstPID, signal)

        #expect(
            second.waitForLog("from now on: feels-tipsd (pid \(firstPID))"),
            "\(second.daemon.lines(of: .standardError))")
        #expect(second.waitForPropertiesChanged() == Tips1.Property.allCases.map(\.rawValue).sorted())
        #expect(
            second.outcome(.logMood, [.string("good"), .vardict([])]) == "returned [DBus.DBusValue.uint32(2)]",
            "the mood logged before")
        #expect(second.outcome(.getTips, [.strings(["TimeViewTip"]), .vardict([])]).hasPrefix("returned"))
    }

    @Test func aThirdServiceWaitsForWhicheverHasTheDatastoreNext() throws {
        let first = try RunningService()
        let second = try SecondService(datastore: first.datastore)
        let third = try SecondService(datastore: first.datastore)
        #expect(second.waitForLog("until it is free"))
        #expect(third.waitForLog("until it is free"))

        first.stop()

        // One of the two takes the datastore; the other names it and waits again.
        let deadline = ContinuousClock.now + .seconds(20)
        var served: [SecondService] = []
        while served.isEmpty, ContinuousClock.now < deadline {
            served = [second, third].filter {
                !$0.outcome(.logMood, [.string("good"), .vardict([])]).hasPrefix(Self.inUse)
            }
            if served.isEmpty { usleep(50_000) }
        }
        #expect(served.count == 1)
        let winner = try #require(served.first)
        let waiting: SecondService = winner === second ? third : second
        #expect(
            waiting.outcome(.logMood, [.string("good"), .vardict([])]).contains(
                "in use by feels-tipsd (pid \(winner.daemon.pid))"))
        winner.daemon.send(signal: SIGTERM)
        #expect(waiting.waitForLog("from now on"))
        #expect(waiting.outcome(.logMood, [.string("good"), .vardict([])]).hasPrefix("returned"))
    }

    @Test func aServiceTheBusStartsOnADatastoreInUseAnswersInUseRatherThanFailingItsActivation() throws {
        let activating = try ActivatingBus()
        // The first session's service, on a bus of its own, keeps the datastore the activated one will use.
        let firstBus = try TestBus()
        let holder = try ChildProcess(
            try builtProduct("feels-tipsd"), ["--address", firstBus.address, "--datastore", activating.datastore])
        defer { holder.terminate() }
        #expect(
            holder.readLine(from: .standardError, timeout: .seconds(20))?.contains("Serving 'org.feels.Tips'") == true)

        let feelsTips = try runTool(
            try builtProduct("feels-tips"), ["--address", activating.bus.address, "log", "great"],
            env: ["XDG_CONFIG_HOME": activating.folder.path("config")])

        #expect(feelsTips.status == 3, "\(feelsTips.stdout)\(feelsTips.stderr)")
        #expect(
            feelsTips.stderr.contains(
                "feels-tipsd cannot serve this session yet: Datastore '\(activating.datastore)' is in use by "
                    + "feels-tipsd (pid \(holder.pid)) on the bus '\(firstBus.address)'"),
            "\(feelsTips.stderr)")
        #expect(try activating.hasOwner(RunningService.name), "the activated service stays")

        holder.terminate()
        // The takeover is announced; from then on the same command works.
        let deadline = ContinuousClock.now + .seconds(20)
        var again = feelsTips
        while again.status != 0, ContinuousClock.now < deadline {
            usleep(100_000)
            again = try runTool(
                try builtProduct("feels-tips"), ["--address", activating.bus.address, "--json", "log", "good"],
                env: ["XDG_CONFIG_HOME": activating.folder.path("config")])
        }
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(#""mood_log_count": 1"#), "\(again.stdout)")
    }
}
