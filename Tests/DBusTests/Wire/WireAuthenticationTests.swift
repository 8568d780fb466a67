import Glibc
import Testing

@testable import DBus

/// The EXTERNAL handshake against a scripted server: the answer split where a real bus never splits it, a refusal,
/// a close halfway, and the first message arriving with the `OK` line, which must stay whole for the transport.
@Suite struct WireAuthenticationTests {
    static let guid = "0123456789abcdef0123456789abcdef"

    /// A signal as a bus would send right after the handshake.
    static func signal() throws -> [UInt8] {
        var message = WireMessage(kind: .signal, serial: 1)
        message.path = "/org/freedesktop/DBus"
        message.interface = "org.freedesktop.DBus"
        message.member = "NameAcquired"
        try message.setBody([.string(":1.7")])
        return try message.serialized()
    }

    /// The first message `transport` frames, within 10 seconds.
    static func firstMessage(of transport: WireTransport) throws -> WireMessage {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let next = try transport.nextMessage() {
                guard case .message(let message, _) = next else {
                    throw DBusError.invalidMessage("an unreadable message: \(next)")
                }
                return message
            }
            var poller = pollfd(fd: transport.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 100)
            guard try transport.receive() else { throw DBusError.disconnected }
        }
        throw DBusError.invalidMessage("no message in 10 s")
    }

    @Test(arguments: [
        "whole, with the message", "CR and LF apart", "LF with the message", "a byte at a time",
    ])
    func theLineIsTakenAndTheMessageAfterItLeftWhole(split: String) throws {
        let line = Array("OK \(Self.guid)\r\n".utf8)
        let message = try Self.signal()
        let answer: [[UInt8]]
        switch split {
        case "whole, with the message": answer = [line + message]
        case "CR and LF apart": answer = [Array(line.dropLast(1)), [10], message]
        case "LF with the message": answer = [Array(line.dropLast(1)), [10] + message]
        default: answer = line.map { [$0] } + [message]
        }
        let server = try ScriptedAuthServer(answer: answer)
        let transport = try WireTransport(address: server.address)
        #expect(transport.serverGUID == Self.guid)
        let received = try Self.firstMessage(of: transport)
        #expect(received.member?.rawValue == "NameAcquired")
        #expect(try received.values() == [.string(":1.7")])
    }

    @Test func authAndBeginGoOutTogetherAsTheProcesssUser() throws {
        let server = try ScriptedAuthServer(answer: [Array("OK \(Self.guid)\r\n".utf8)])
        _ = try WireTransport(address: server.address)
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        #expect(server.heard.wait(timeout: .seconds(10)) { $0 != nil })
        #expect(server.heard.current == [0] + Array("AUTH EXTERNAL \(uid)\r\nBEGIN\r\n".utf8))
    }

    /// A refusal, a close halfway through the line, silence: each fails the connection with its own name, and
    /// within the timeout the caller gave.
    @Test(arguments: [
        ("REJECTED EXTERNAL\r\n", 0, "AuthFailed", "answered 'REJECTED EXTERNAL' to EXTERNAL"),
        ("OK 0123", 0, "NoServer", "the server closed the authentication"),
        ("", 3, "Timeout", "the server did not answer the authentication"),
    ])
    func aHandshakeThatFailsSaysHow(answer: String, holdOpen: Int, error expected: String, text: String) throws {
        let server = try ScriptedAuthServer(answer: [Array(answer.utf8)], holdOpen: .seconds(holdOpen))
        let started = ContinuousClock.now
        #expect {
            _ = try WireTransport(address: server.address, timeout: .milliseconds(300))
        } throws: { error in
            guard case .connectionFailed(let name, let message) = error as? DBusError else { return false }
            return name == "org.freedesktop.DBus.Error.\(expected)" && message.contains(text)
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func aLineThatNeverEndsIsRefusedAt16KiB() throws {
        let server = try ScriptedAuthServer(
            answer: [Array(repeating: UInt8(ascii: "x"), count: 20_000)], holdOpen: .seconds(3))
        #expect {
            _ = try WireTransport(address: server.address)
        } throws: { error in
            guard case .invalidMessage(let message) = error as? DBusError else { return false }
            return message.contains("over 16 KiB")
        }
    }
}
