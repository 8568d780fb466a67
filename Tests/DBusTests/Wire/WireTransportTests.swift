import BusTestSupport
import Glibc
import Testing

@testable import DBus

/// `WireTransport` against a real `dbus-daemon` and real clients: it authenticates, says Hello, owns a name, answers
/// `gdbus`, and carries a message larger than its buffer and than the socket takes at once, through the bus and back.
@Suite struct WireTransportTests {
    /// A transport on `bus` with its unique name, after Hello.
    final class Peer {
        let transport: WireTransport
        private(set) var uniqueName = ""
        private var serial: UInt32 = 0
        /// Messages received while waiting for another.
        private(set) var received: [WireMessage] = []

        init(bus: TestBus) throws {
            transport = try WireTransport(address: bus.address)
            let hello = try call(destination: "org.freedesktop.DBus", member: "Hello", [])
            uniqueName = try #require(hello.first?.stringValue)
        }

        func nextSerial() -> UInt32 {
            serial += 1
            return serial
        }

        /// Calls the bus (or `destination`) and waits for the reply's values.
        func call(
            destination: String, path: ObjectPath = "/org/freedesktop/DBus",
            interface: InterfaceName = "org.freedesktop.DBus", member: MemberName, _ values: [DBusValue]
        ) throws -> [DBusValue] {
            var message = WireMessage(kind: .methodCall, serial: nextSerial())
            message.path = path
            message.interface = interface
            message.member = member
            message.destination = destination
            try message.setBody(values)
            try transport.send(message.serialized())
            let reply = try wait { $0.replySerial == message.serial }
            guard reply.kind == .methodReturn else {
                throw DBusError.remote(name: reply.errorName?.rawValue ?? "", message: "\(try reply.values())")
            }
            return try reply.values()
        }

        /// Polls until a message `matching` arrives (others are kept in `received`), for 10 seconds at most.
        func wait(timeout: Duration = .seconds(10), matching: (WireMessage) -> Bool) throws -> WireMessage {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                while let next = try transport.nextMessage() {
                    guard case .message(let message, _) = next else {
                        throw DBusError.invalidMessage("an unreadable message: \(next)")
                    }
                    if matching(message) { return message }
                    received.append(message)
                }
                if transport.wantsToWrite { _ = try transport.flush() }
                var poller = pollfd(
                    fd: transport.descriptor, events: Int16(POLLIN) | (transport.wantsToWrite ? Int16(POLLOUT) : 0),
                    revents: 0)
                _ = poll(&poller, 1, 100)
                guard try transport.receive() else { throw DBusError.disconnected }
            }
            throw DBusError.invalidMessage("nothing matching arrived in \(timeout)")
        }
    }

    @Test func itAuthenticatesSaysHelloAndOwnsAName() throws {
        let bus = try TestBus()
        defer { bus.stop() }
        let peer = try Peer(bus: bus)
        #expect(peer.uniqueName.hasPrefix(":"))
        #expect(!peer.transport.serverGUID.isEmpty)
        let owned = try peer.call(
            destination: "org.freedesktop.DBus", member: "RequestName", [.string("org.feels.WireTest"), .uint32(4)])
        #expect(owned == [.uint32(1)])
        let owner = try peer.call(
            destination: "org.freedesktop.DBus", member: "GetNameOwner", [.string("org.feels.WireTest")])
        #expect(owner == [.string(peer.uniqueName)])
    }

    @Test func gdbusGetsItsAnswer() throws {
        let bus = try TestBus()
        defer { bus.stop() }
        let peer = try Peer(bus: bus)
        _ = try peer.call(
            destination: "org.freedesktop.DBus", member: "RequestName", [.string("org.feels.WireTest"), .uint32(4)])
        let client = try ChildProcess(
            "gdbus",
            [
                "call", "--address", bus.address, "--dest", "org.feels.WireTest", "--object-path", "/org/feels/Wire",
                "--method", "org.feels.Wire1.Echo", "'héllo'",
            ])
        defer { client.kill() }
        var call = try peer.wait { $0.kind == .methodCall }
        if call.member?.rawValue == "Introspect" {
            // gdbus asks for the arguments' types first; without an answer it sends them as it parsed them.
            var refusal = WireMessage(kind: .error, flags: .noReplyExpected, serial: peer.nextSerial())
            refusal.errorName = "org.freedesktop.DBus.Error.UnknownMethod"
            refusal.replySerial = call.serial
            refusal.destination = call.sender
            try refusal.setBody([.string("no introspection here")])
            try peer.transport.send(refusal.serialized())
            call = try peer.wait { $0.kind == .methodCall }
        }
        #expect(call.member?.rawValue == "Echo")
        #expect(call.path?.rawValue == "/org/feels/Wire")
        #expect(try call.values() == [.string("héllo")])
        var reply = WireMessage(kind: .methodReturn, flags: .noReplyExpected, serial: peer.nextSerial())
        reply.replySerial = call.serial
        reply.destination = call.sender
        try reply.setBody([.string("héllo, back")])
        try peer.transport.send(reply.serialized())
        #expect(client.readLine() == "('héllo, back',)")
        #expect(client.waitForExit() == .exited(0))
    }

    /// Found by DBusValueFuzzer: any peer may send a call whose body holds a unix file descriptor and pass none, and
    /// the bus forwards it. The service skips it and answers `NotSupported`, and goes on serving everyone.
    @Test func aCallTheBindingCannotReadIsRefusedAndTheServiceKeepsServing() throws {
        let service = try EchoService()
        let peer = try Peer(bus: service.bus)
        for flags: WireMessage.Flags in [.noReplyExpected, []] {
            var call = WireMessage(kind: .methodCall, flags: flags, serial: peer.nextSerial())
            call.path = EchoService.path
            call.interface = "org.freedesktop.DBus.Peer"
            call.member = "Ping"
            call.destination = EchoService.busName.rawValue
            call.signature = "h"
            call.body = [0, 0, 0, 0]
            try peer.transport.send(call.serialized())
            guard flags.isEmpty else { continue }
            let refusal = try peer.wait { $0.replySerial == call.serial }
            #expect(refusal.kind == .error)
            #expect(refusal.errorName?.rawValue == "org.freedesktop.DBus.Error.NotSupported")
            let text = try refusal.values().first?.stringValue ?? ""
            #expect(text.contains("unix file descriptor"), "\(text)")
        }
        // The call without a reply was skipped as quietly; both times the service lived on.
        #expect(
            try peer.call(
                destination: EchoService.busName.rawValue, path: EchoService.path,
                interface: "org.freedesktop.DBus.Peer", member: "Ping", []
            ).isEmpty)
        #expect(
            try service.client().call(
                destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface,
                member: "Concat", arguments: [.string("still "), .string("here")]) == [.string("still here")])
    }

    @Test func aMessageLargerThanTheBufferAndTheSocketGoesThroughTheBusAndBack() throws {
        let bus = try TestBus()
        defer { bus.stop() }
        let peer = try Peer(bus: bus)
        let large = String(repeating: "feels ", count: 1 << 18)  // 1.5 MiB
        var message = WireMessage(kind: .methodCall, flags: .noReplyExpected, serial: peer.nextSerial())
        message.path = "/org/feels/Wire"
        message.interface = "org.feels.Wire1"
        message.member = "Large"
        message.destination = peer.uniqueName
        try message.setBody([.string(large), .uint32(7)])
        // A small send buffer, so that the queue is likely to be used; whether it is depends on how fast the bus
        // drains the socket on the other core, so what is held is that every byte queued was written in the end.
        var size: Int32 = 4096
        setsockopt(peer.transport.descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let sent = try message.serialized()
        try peer.transport.send(sent)
        #expect(peer.transport.queuedTotal >= sent.count)
        let received = try peer.wait { $0.member?.rawValue == "Large" }
        #expect(try received.values() == [.string(large), .uint32(7)])
        #expect(received.sender == peer.uniqueName)
        #expect(!peer.transport.wantsToWrite)
        #expect(peer.transport.writtenTotal == peer.transport.queuedTotal, "every byte queued was written")
    }

    @Test(arguments: [
        ("", "an empty address"),
        ("tcp:host=localhost,port=1", "only unix: is supported"),
        ("unix:path=/nonexistent/feels/bus", "No such file or directory"),
        ("unix:guid=0", "without path= or abstract="),
    ])
    func anAddressItCannotReachSaysWhy(address: String, reason: String) {
        #expect {
            _ = try WireTransport(address: address)
        } throws: { error in
            guard case .connectionFailed(_, let message) = error as? DBusError else { return false }
            return message.contains(reason)
        }
    }

    // The notifier's line for an absent system bus once read "Failed to connect to the bus: unix:path=…: Failed to
    // connect to the bus: No such file or directory (….NoServer) (….NoServer)".
    @Test(arguments: [
        (
            "unix:path=/nonexistent/feels/bus",
            "Failed to connect to the bus: unix:path=/nonexistent/feels/bus: No such file or directory "
                + "(org.freedesktop.DBus.Error.NoServer)"
        ),
        (
            "tcp:host=localhost,port=1",
            "Failed to connect to the bus: tcp:host=localhost,port=1: only unix: is supported "
                + "(org.freedesktop.DBus.Error.BadAddress)"
        ),
        (
            "unix:path=/nonexistent/feels/bus;tcp:host=localhost,port=1",
            "Failed to connect to the bus: unix:path=/nonexistent/feels/bus: No such file or directory; "
                + "tcp:host=localhost,port=1: only unix: is supported (org.freedesktop.DBus.Error.NoServer)"
        ),
    ])
    func eachCauseOfAnUnreachableAddressIsSaidOnce(address: String, said: String) {
        #expect {
            _ = try WireTransport(address: address)
        } throws: { error in
            "\(error)" == said
        }
    }

    @Test func theNextEntryOfAnAddressListIsTriedWhenOneFails() throws {
        let bus = try TestBus()
        defer { bus.stop() }
        let transport = try WireTransport(address: "unix:path=/nonexistent/feels/bus;" + bus.address)
        #expect(!transport.serverGUID.isEmpty)
    }
}

extension WireMessage {
    /// Sets the body to `values`, written by the binding, and the signature to theirs.
    mutating func setBody(_ values: [DBusValue]) throws(DBusError) {
        var wire = WireBytes()
        for value in values {
            try value.marshal(into: &wire, depth: NestingDepth())
        }
        body = wire.finished()
        signature = values.map(\.signatureText).joined()
    }
}
