import BusTestSupport
import DBus
import EventLoop
import Foundation
import Testing

@Suite struct ExportedObjectTests {
    static let destination = "org.feels.Test"
    static let path = "/org/feels/Test"

    /// A client command and the D-Bus error name it must print.
    struct ErrorCase: Sendable, CustomStringConvertible {
        let tool: String
        let arguments: [String]
        let errorName: String
        var description: String { "\(tool) \(arguments.joined(separator: " "))" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            tool: "gdbus",
            arguments: ["--object-path", "/org/feels/Nowhere", "--method", "org.feels.Test1.Concat", "a", "b"],
            errorName: "org.freedesktop.DBus.Error.UnknownObject"),
        ErrorCase(
            tool: "gdbus", arguments: ["--object-path", path, "--method", "org.feels.Test1.Nope"],
            errorName: "org.freedesktop.DBus.Error.UnknownMethod"),
        ErrorCase(
            tool: "gdbus", arguments: ["--object-path", path, "--method", "org.feels.Nope1.Concat"],
            errorName: "org.freedesktop.DBus.Error.UnknownInterface"),
        ErrorCase(
            tool: "dbus-send", arguments: [path, "org.feels.Test1.Concat", "uint32:1"],
            errorName: "org.freedesktop.DBus.Error.InvalidArgs"),
        ErrorCase(
            tool: "dbus-send",
            arguments: [path, "org.freedesktop.DBus.Properties.Get", "string:org.feels.Test1", "string:Nope"],
            errorName: "org.freedesktop.DBus.Error.UnknownProperty"),
        ErrorCase(
            tool: "dbus-send", arguments: [path, "org.freedesktop.DBus.Properties.GetAll", "string:org.feels.Nope1"],
            errorName: "org.freedesktop.DBus.Error.UnknownInterface"),
        ErrorCase(
            tool: "dbus-send",
            arguments: [
                path, "org.freedesktop.DBus.Properties.Set", "string:org.feels.Test1", "string:Count",
                "variant:uint32:3",
            ],
            errorName: "org.freedesktop.DBus.Error.PropertyReadOnly"),
        ErrorCase(
            tool: "gdbus", arguments: ["--object-path", path, "--method", "org.feels.Test1.BadReturn"],
            errorName: "org.freedesktop.DBus.Error.Failed"),
        ErrorCase(
            tool: "gdbus", arguments: ["--object-path", path, "--method", "org.feels.Test1.Fail"],
            errorName: "org.feels.Test1.Error.Boom"),
        ErrorCase(
            tool: "gdbus", arguments: ["--object-path", "/org/feels", "--method", "org.feels.Test1.Concat", "a", "b"],
            errorName: "org.freedesktop.DBus.Error.UnknownInterface"),
        ErrorCase(
            tool: "gdbus", arguments: ["--object-path", path, "--method", "org.freedesktop.DBus.Peer.Nope"],
            errorName: "org.freedesktop.DBus.Error.UnknownMethod"),
    ]

    /// Runs `errorCase` against `service` with the tool's own way of naming the bus and destination.
    static func run(_ errorCase: ErrorCase, on service: EchoService) throws -> ToolResult {
        switch errorCase.tool {
        case "gdbus":
            return try runTool(
                "gdbus", ["call", "--address", service.bus.address, "--dest", destination] + errorCase.arguments)
        default:
            return try runTool(
                "dbus-send",
                ["--bus=\(service.bus.address)", "--print-reply", "--dest=\(destination)"] + errorCase.arguments)
        }
    }

    @Test(arguments: errorCases)
    func aBadCallGetsTheStandardErrorAndTheServiceKeepsServing(_ errorCase: ErrorCase) throws {
        let service = try EchoService()
        let result = try Self.run(errorCase, on: service)
        #expect(result.status != 0)
        #expect(result.stderr.contains(errorCase.errorName), "\(result.stderr)")
        let client = try service.client()
        #expect(try service.call(client, "Concat", [.string("still "), .string("here")]) == [.string("still here")])
    }

    @Test func aCallWithTheWrongSignatureIsRefusedBeforeTheHandlerRuns() throws {
        let service = try EchoService()
        let result = try runTool(
            "busctl",
            [
                "--address=\(service.bus.address)", "call", Self.destination, Self.path, "org.feels.Test1", "Concat",
                "u", "1",
            ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Expected signature 'ss', got 'u'"), "\(result.stderr)")
        #expect(service.state.current.handlerRuns == 0)
        let client = try service.client()
        #expect(
            throws: DBusError.remote(
                name: "org.freedesktop.DBus.Error.InvalidArgs", message: "Expected signature 'ss', got ''")
        ) {
            try service.call(client, "Concat")
        }
    }

    @Test func busctlCallsAMethodAndReadsProperties() throws {
        let service = try EchoService()
        let address = "--address=\(service.bus.address)"
        let call = try runTool(
            "busctl", [address, "call", Self.destination, Self.path, "org.feels.Test1", "Concat", "ss", "ab", "cd"])
        #expect(call.stdout == "s \"abcd\"\n")
        let get = try runTool(
            "busctl", [address, "--json=short", "get-property", Self.destination, Self.path, "org.feels.Test1", "Name"])
        #expect(get.stdout == "{\"type\":\"s\",\"data\":\"initial\"}\n")
        let client = try service.client()
        let all = try client.getAllProperties(
            destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface)
        #expect(all["Name"] == .string("initial"))
        #expect(all["Constant"] == .string("fixed"))
        #expect(all.count == 4)
    }

    @Test func aPropertyWhoseGetterReturnsTheWrongTypeFailsWithoutCrashing() throws {
        let service = try EchoService()
        let client = try service.client()
        let error = #expect(throws: DBusError.self) {
            try client.getProperty(
                destination: EchoService.busName, path: EchoService.brokenPath, interface: EchoService.brokenInterface,
                name: "Broken")
        }
        guard case .remote(let name, _) = error else { return }
        #expect(name == "org.freedesktop.DBus.Error.Failed")
    }

    @Test func busctlTreeFindsTheObjectThroughItsAncestors() throws {
        let service = try EchoService()
        let tree = try runTool("busctl", ["--address=\(service.bus.address)", "tree", Self.destination])
        #expect(
            tree.stdout == "└─/org\n  └─/org/feels\n    ├─/org/feels/Broken\n    └─/org/feels/Test\n",
            "\(tree.stderr)")
        let client = try service.client()
        for (ancestor, child) in [("/", "org"), ("/org", "feels"), ("/org/feels", "Test")] {
            let reply = try service.call(
                client, "Introspect", interface: "org.freedesktop.DBus.Introspectable", path: ObjectPath(ancestor))
            let xml = try #require(reply.first?.stringValue)
            #expect(xml.contains("  <node name=\"\(child)\"/>\n"))
            #expect(xml.contains("<interface name=\"org.freedesktop.DBus.Introspectable\">"))
        }
    }

    @Test func busctlIntrospectListsEveryMemberWithItsFlags() throws {
        let service = try EchoService()
        let result = try runTool(
            "busctl", ["--address=\(service.bus.address)", "introspect", Self.destination, Self.path])
        let lines = result.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        for expected in [
            "org.feels.Test1 interface - - -",
            ".Concat method ss s -",
            ".Record method - - no-reply",
            ".Constant property s \"fixed\" const",
            ".Count property u 0 emits-change",
            ".Name property s \"initial\" emits-change",
            ".Volatile property t 42 emits-invalidation",
            ".Tick signal u - -",
            "org.freedesktop.DBus.Peer interface - - -",
            ".GetMachineId method - s -",
            ".Ping method - - -",
            "org.freedesktop.DBus.Introspectable interface - - -",
            ".Introspect method - s -",
            "org.freedesktop.DBus.Properties interface - - -",
            ".GetAll method s a{sv} -",
            ".PropertiesChanged signal sa{sv}as - -",
        ] {
            #expect(lines.contains(expected), "missing '\(expected)' in \(result.stdout) \(result.stderr)")
        }
    }

    @Test func peerMethodsAnswerWithAndWithoutTheirInterface() throws {
        let service = try EchoService()
        let client = try service.client()
        let machineID = try String(contentsOfFile: "/etc/machine-id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for interface: InterfaceName? in ["org.freedesktop.DBus.Peer", nil] {
            #expect(try service.call(client, "Ping", interface: interface) == [])
            #expect(try service.call(client, "GetMachineId", interface: interface) == [.string(machineID)])
        }
        // With its interface named, on every path, as libdbus answers it.
        let ping = try runTool(
            "dbus-send",
            [
                "--bus=\(service.bus.address)", "--print-reply", "--dest=\(Self.destination)", "/org/feels/Nowhere",
                "org.freedesktop.DBus.Peer.Ping",
            ])
        #expect(ping.status == 0, "\(ping.stderr)")
    }

    @Test func aCallWithoutReplyExpectedRunsTheHandlerAndGetsNoReply() throws {
        let service = try EchoService()
        let result = try runTool(
            "dbus-send",
            [
                "--bus=\(service.bus.address)", "--type=method_call", "--dest=\(Self.destination)", Self.path,
                "org.feels.Test1.Record",
            ])
        #expect(result.status == 0)
        #expect(service.state.wait(timeout: .seconds(5)) { $0.noReplyCalls == 1 })
        let client = try service.client()
        let message = try DBusMessage.methodCall(
            destination: EchoService.busName, path: EchoService.path, interface: EchoService.interface, member: "Record"
        )
        message.noReplyExpected = true
        #expect(throws: DBusError.self) { try client.sendWithReply(message, timeout: .milliseconds(300)) }
        #expect(service.state.wait(timeout: .seconds(5)) { $0.noReplyCalls == 2 })
    }

    @Test func aOneMebibyteStringIsCarriedAndAStringWithNULIsRefusedLocally() throws {
        let service = try EchoService()
        let client = try service.client()
        let long = String(repeating: "ü", count: 1 << 19)
        #expect(try service.call(client, "Length", [.string(long)]) == [.uint32(1 << 20)])
        #expect(try service.call(client, "Echo", [.variant(.string(long))]) == [.variant(.string(long))])
        #expect(throws: DBusError.invalidString("a\0b")) { try service.call(client, "Length", [.string("a\0b")]) }
        #expect(try service.call(client, "Length", [.string("abc")]) == [.uint32(3)])
    }

    // A 100 MiB interface name to Properties.Get was once echoed whole, making a 100 MiB error reply.
    @Test func aHugeNameInAPropertiesCallIsCutInTheErrorMessage() throws {
        let service = try EchoService()
        let client = try service.client()
        let huge = String(repeating: "x", count: 4 << 20)
        for arguments in [[DBusValue.string(huge), .string("Count")], [.string("org.feels.Test1"), .string(huge)]] {
            do {
                try client.call(
                    destination: BusName(Self.destination), path: ObjectPath(Self.path),
                    interface: "org.freedesktop.DBus.Properties", member: "Get", arguments: arguments,
                    timeout: .seconds(10))
                Issue.record("Get with a huge name succeeded")
            } catch {
                guard case .remote(let name, let message) = error else { throw error }
                #expect(name.hasPrefix("org.freedesktop.DBus.Error.Unknown"))
                #expect(message.utf8.count < 300, "\(message.prefix(300))")
                #expect(message.contains("(4194304 bytes)"))
            }
        }
    }

    @Test func introspectingAPathWhereNothingIsExportedAnswersUnknownObject() throws {
        let fixture = try DBusConnectionFixture()
        let server = fixture.connection
        try server.export([], at: "/here")
        let loop = try PollLoop()
        server.attach(to: loop)
        let client = try DBusConnection(address: fixture.bus.address)
        let message = try DBusMessage.methodCall(
            destination: BusName(server.uniqueName), path: "/gone", interface: "org.freedesktop.DBus.Introspectable",
            member: "Introspect")
        var outcome: Result<[DBusValue], DBusError>?
        try client.send(message) { outcome = $0 }
        client.attach(to: loop)
        loop.addTimer(interval: .seconds(5), repeating: false) { loop.stop() }
        while outcome == nil { loop.runOnce(timeout: .seconds(5)) }
        #expect(
            throws: DBusError.remote(
                name: "org.freedesktop.DBus.Error.UnknownObject", message: "Unknown object '/gone'")
        ) {
            try outcome?.get()
        }
    }
}
