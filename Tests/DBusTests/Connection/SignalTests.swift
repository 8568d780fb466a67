import BusTestSupport
import DBus
import Testing

@Suite struct SignalTests {
    /// Pumps `client` until `done` holds or five seconds pass.
    static func pump(_ client: DBusConnection, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !done() && ContinuousClock.now < deadline {
            client.readWriteDispatch(timeout: .milliseconds(100))
        }
        return done()
    }

    @Test func aSubscribedSignalIsReceivedWithItsArguments() throws {
        let service = try EchoService()
        let client = try service.client()
        var ticks: [[DBusValue]] = []
        let router = SignalRouter(connection: client)
        try router.add(
            SignalRule(sender: EchoService.busName.rawValue, interface: EchoService.interface.rawValue, member: "Tick")
        ) { ticks.append((try? $0.arguments) ?? []) }
        try service.call(client, "EmitTick", [.uint32(5)])
        #expect(Self.pump(client) { !ticks.isEmpty })
        #expect(ticks == [[.uint32(5)]])
    }

    @Test func propertiesChangedCarriesValuesAndInvalidations() throws {
        let service = try EchoService()
        let client = try service.client()
        var changes: [[DBusValue]] = []
        let router = SignalRouter(connection: client)
        try router.add(.propertiesChanged(sender: EchoService.busName.rawValue, path: EchoService.path.rawValue)) {
            changes.append((try? $0.arguments) ?? [])
        }
        try service.call(client, "EmitTick", [.uint32(1)])
        #expect(Self.pump(client) { !changes.isEmpty })
        let change = try #require(changes.first)
        #expect(change.count == 3)
        #expect(change.first == .string("org.feels.Test1"))
        #expect(change[1].vardictValue == ["Name": .string("initial"), "Count": .uint32(0)])
        #expect(change[2] == .strings(["Volatile"]))
    }

    @Test func aMatchRuleDeliversTheSignalsSentAfterIt() throws {
        let service = try EchoService()
        let client = try service.client()
        var received: [String] = []
        client.onSignal = { message in
            if message.interface == EchoService.interface { received.append(message.member?.rawValue ?? "") }
        }
        let rule = "type='signal',interface='org.feels.Test1',member='Tick'"
        try service.call(client, "EmitTick", [.uint32(1)])
        try client.addMatch(rule)
        try service.call(client, "EmitTick", [.uint32(2)])
        #expect(Self.pump(client) { received.count == 1 })
        #expect(received == ["Tick"])
        #expect(throws: DBusError.self) { try client.addMatch("type='nonsense'") }
    }

    @Test func gdbusMonitorSeesAnEmittedSignal() throws {
        let service = try EchoService()
        let monitor = try ChildProcess(
            "gdbus", ["monitor", "--address", service.bus.address, "--dest", EchoService.busName.rawValue])
        defer { monitor.kill() }
        #expect(monitor.readLine(timeout: .seconds(5))?.contains("Monitoring signals") == true)
        let client = try service.client()
        // gdbus adds its match rule after printing its banner: emit until it reports the signal.
        var line: String?
        for _ in 0..<25 where line == nil {
            try service.call(client, "EmitTick", [.uint32(77)])
            while let next = monitor.readLine(timeout: .milliseconds(200)) {
                if next.contains("org.feels.Test1.Tick") {
                    line = next
                    break
                }
            }
        }
        #expect(line?.contains("(uint32 77,)") == true, "\(monitor.lines(of: .standardOutput))")
    }
}
