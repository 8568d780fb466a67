import BusTestSupport
import DBus
import EventLoop
import Foundation
import Testing

@Suite struct ConnectionTests {
    @Test func aTakenNameIsNotOwnedAndAFreeOneIsOwnedAgainAndAgain() throws {
        let service = try EchoService()
        let client = try service.client()
        #expect(try client.requestName(EchoService.busName) == false)
        #expect(try client.requestName("org.feels.Other"))
        #expect(try client.requestName("org.feels.Other"))
    }

    @Test func aConnectionGetsAUniqueName() throws {
        let fixture = try DBusConnectionFixture()
        #expect(fixture.connection.uniqueName.hasPrefix(":1."))
        #expect(fixture.connection.isConnected)
        fixture.connection.close()
        #expect(!fixture.connection.isConnected)
        #expect(throws: DBusError.disconnected) { try fixture.connection.requestName("org.feels.Closed") }
    }

    @Test func connectingToNothingFailsWithAnError() throws {
        #expect(throws: DBusError.self) { try DBusConnection(address: "unix:path=/nonexistent/feels-bus") }
        #expect(throws: DBusError.self) { try DBusConnection(address: "nonsense") }
    }

    @Test func losingTheBusFiresOnDisconnectedOnceAndTheProcessLivesOn() throws {
        let bus = try TestBus()
        let connection = try DBusConnection(address: bus.address)
        let loop = try PollLoop()
        var disconnections = 0
        connection.onDisconnected = {
            disconnections += 1
            loop.stop()
        }
        connection.attach(to: loop)
        let guardTimer = loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.scheduleIdle { bus.stop() }
        loop.run()
        loop.removeTimer(guardTimer)
        loop.runOnce(timeout: .milliseconds(50))
        #expect(disconnections == 1)
        #expect(!connection.isConnected)
        #expect(throws: DBusError.disconnected) {
            try connection.emitSignal(path: "/a", interface: "org.feels.Test1", member: "Tick")
        }
    }

    @Test func anAsynchronousCallCompletesFromTheLoop() throws {
        let service = try EchoService()
        let client = try service.client()
        let loop = try PollLoop()
        client.attach(to: loop)
        var results: [Result<[DBusValue], DBusError>] = []
        for member: MemberName in ["Concat", "Nope"] {
            try client.call(
                destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface,
                member: member, arguments: [.string("a"), .string("b")]
            ) { result in
                results.append(result)
                if results.count == 2 { loop.stop() }
            }
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        loop.run()
        #expect(results.count == 2)
        #expect(try results.first?.get() == [.string("ab")])
        #expect(
            throws: DBusError.remote(
                name: "org.freedesktop.DBus.Error.UnknownMethod",
                message: "Unknown method 'Nope' in interface 'org.feels.Test1'")
        ) {
            try results.last?.get()
        }
    }

    @Test func repliesNobodyWaitsForAreDroppedAndTheAwaitedOneArrives() throws {
        let service = try EchoService()
        for (member, arguments) in [("Nope", []), ("Concat", [.string("a"), .string("b")])]
            as [(MemberName, [DBusValue])]
        {
            let client = try service.client()
            for _ in 0..<3 {
                let call = try DBusMessage.methodCall(
                    destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface,
                    member: member)
                try call.append(arguments)
                try client.send(call)
            }
            let awaited = try client.call(
                destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface,
                member: "Concat", arguments: [.string("c"), .string("d")])
            #expect(awaited == [.string("cd")])
            while client.hasIncoming, client.readWriteDispatch(timeout: .zero) {}
            #expect(client.isConnected)
        }
    }

    @Test func anAsynchronousCallTimesOutThroughTheLoopTimers() throws {
        let fixture = try DBusConnectionFixture()
        let silent = try DBusConnection(address: fixture.bus.address)
        let loop = try PollLoop()
        fixture.connection.attach(to: loop)
        var result: Result<[DBusValue], DBusError>?
        // `silent` is never dispatched, so the call is never answered.
        try fixture.connection.call(
            destination: BusName(silent.uniqueName), path: "/", interface: "org.feels.Test1", member: "Anything",
            timeout: .milliseconds(200)
        ) {
            result = $0
            loop.stop()
        }
        loop.addTimer(interval: .seconds(10), repeating: false) { loop.stop() }
        let start = ContinuousClock.now
        loop.run()
        #expect(ContinuousClock.now - start < .seconds(5))
        let error = #expect(throws: DBusError.self) { try result?.get() }
        guard case .remote(let name, _) = error else { return }
        #expect(name == "org.freedesktop.DBus.Error.NoReply")
    }

    // libdbus's own read-write-dispatch never fires timeouts: a client without a loop waited forever for a call its
    // peer dropped.
    @Test func anAsynchronousCallTimesOutForAClientPumpingReadWriteDispatch() throws {
        let fixture = try DBusConnectionFixture()
        let silent = try DBusConnection(address: fixture.bus.address)
        var result: Result<[DBusValue], DBusError>?
        try fixture.connection.call(
            destination: BusName(silent.uniqueName), path: "/", interface: "org.feels.Test1", member: "Anything",
            timeout: .milliseconds(200)
        ) { result = $0 }
        let start = ContinuousClock.now
        // One long wait: the pump returns at the call's deadline rather than at the end of the wait.
        while result == nil, ContinuousClock.now - start < .seconds(5) {
            fixture.connection.readWriteDispatch(timeout: .seconds(10))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        let error = #expect(throws: DBusError.self) { try result?.get() }
        guard case .remote(let name, _) = error else { return }
        #expect(name == "org.freedesktop.DBus.Error.NoReply")
    }

    @Test func theMissingSessionBusErrorNamesTheVariable() {
        // `session()` itself is not called here: unsetting the variable would race with other tests' children.
        #expect(
            DBusError.noSessionBus.description
                == "Failed to connect to the bus: no session bus, DBUS_SESSION_BUS_ADDRESS is not set")
    }
}
