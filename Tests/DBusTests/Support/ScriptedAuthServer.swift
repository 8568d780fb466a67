import BusTestSupport
import Foundation
import Glibc

/// A unix socket that answers one client's authentication with scripted writes, for what a real bus never does: an
/// answer split anywhere, a refusal, a close in the middle.
///
/// It listens on an abstract name, accepts one connection, reads until the client's `BEGIN` line (or what the client
/// sent before it closed), then writes each chunk of `answer` apart, a few milliseconds between them, so that each
/// reaches the client as a read of its own, and closes after `holdOpen`.
final class ScriptedAuthServer: Sendable {
    /// The address a client connects to.
    let address: String
    /// What the client sent up to its `BEGIN` line (or until it closed); `nil` until the server has read it.
    let heard = Locked<[UInt8]?>(nil)

    init(answer: [[UInt8]], holdOpen: Duration = .zero) throws {
        let name = "feels-wire-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        address = "unix:abstract=\(name)"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let bytes = [0] + Array(name.utf8)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 1) == 0 else {
            let error = errno
            close(listener)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)
        }
        let heard = self.heard
        Thread.detachNewThread {
            defer { close(listener) }
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                heard.update { $0 = [] }
                return
            }
            defer { close(client) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while !received.ends(with: Array("BEGIN\r\n".utf8)) {
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress!, $0.count, 0) }
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
            heard.update { $0 = received }
            for chunk in answer {
                _ = chunk.withUnsafeBytes { send(client, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
                usleep(20_000)
            }
            Thread.sleep(forTimeInterval: holdOpen.seconds)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
