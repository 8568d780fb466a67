import Glibc

/// One connection's socket, speaking the D-Bus wire itself: connected from a bus address, authenticated with
/// EXTERNAL, then whole messages framed by their fixed header coming in (``nextMessage()``) and bytes going out through
/// a queue the socket drains as it can (``send(_:)``, ``flush()``).
///
/// The second layer of owning the wire (docs/DESIGN.md, "The wire"): the connection above it numbers, routes and
/// answers the messages; this layer only moves them. Not thread-safe: use it from one thread at a time.
final class WireTransport {
    /// The connected socket, non-blocking once authenticated: poll it for ``wantsToWrite`` and input.
    let descriptor: Int32
    /// The server's GUID, from its `OK` to our authentication.
    let serverGUID: String

    /// What was read and not yet handed out as a message: `input[start..<end]`.
    private var input: [UInt8]
    private var start = 0
    private var end = 0
    /// What was queued and not yet written: `output[written...]`.
    private var output: [UInt8] = []
    /// The header fields read before, checked.
    private let names = HeaderFieldCache()
    private var written = 0
    /// Every byte ever queued, and every byte ever written: a byte queued as the `n`th is out once `writtenTotal`
    /// reaches `n`.
    private(set) var queuedTotal = 0
    private(set) var writtenTotal = 0

    /// Connects to the first entry of `address` (a D-Bus address list, `unix:path=…;unix:abstract=…`) that accepts,
    /// and authenticates as the process's user.
    ///
    /// - Parameter timeout: How long the server may take to answer each line of the authentication.
    /// - Throws: `DBusError.connectionFailed` naming every entry tried and why it failed, or the server's refusal.
    init(address: String, timeout: Duration = .seconds(25)) throws(DBusError) {
        var failures: [(name: String, reason: String)] = []
        var connected: Int32?
        for entry in address.split(separator: ";").map(String.init) {
            do throws(DBusError) {
                connected = try Self.connect(to: entry)
                break
            } catch {
                // Each entry's failure by its reason alone, so that the error made of them says "Failed to connect"
                // and an error's name once.
                switch error {
                case .connectionFailed(let name, let message): failures.append((name, "\(entry): \(message)"))
                default: failures.append(("org.freedesktop.DBus.Error.Failed", "\(entry): \(error)"))
                }
            }
        }
        guard let descriptor = connected else {
            throw .connectionFailed(
                name: failures.count == 1 ? failures[0].name : "org.freedesktop.DBus.Error.NoServer",
                message: failures.isEmpty ? "an empty address" : failures.map(\.reason).joined(separator: "; "))
        }
        self.descriptor = descriptor
        input = [UInt8](repeating: 0, count: 64 << 10)
        do throws(DBusError) {
            serverGUID = try Self.authenticate(descriptor, timeout: timeout)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Bytes queued that the socket has not taken yet.
    var queuedBytes: Int { output.count - written }

    /// Whether bytes wait for the socket to take them: poll it for writing too.
    var wantsToWrite: Bool { queuedBytes > 0 }

    /// Reads what the socket has now, up to about a megabyte (a peer that floods must not fill the memory before
    /// the messages are handed out); `false` once the peer closed it (what was read before is still handed out).
    ///
    /// - Throws: `DBusError.system` for a read that fails otherwise.
    func receive() throws(DBusError) -> Bool {
        var read = 0
        while read < 1 << 20 {
            makeRoom()
            let room = input.count - end
            let count = input.withUnsafeMutableBytes { buffer in
                recv(descriptor, buffer.baseAddress! + end, room, Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                end += count
                read += count
                // A stream socket's recv stops short only when it has taken everything queued: asking again would
                // cost every call a system call on its way to be answered, for an EAGAIN. What comes meanwhile wakes
                // the next poll.
                if count < room { return true }
                continue
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case EAGAIN: return true
            default: throw .system(operation: "recv", errno: errno)
            }
        }
        return true
    }

    /// What the next whole message read turned out to be.
    enum Incoming {
        /// A message parsed and checked (`WireMessage.parsed(_:names:)`), with its body's values when they were made.
        case message(WireMessage, [DBusValue]?)
        /// A message framed as the specification says but that the binding cannot take (a unix file descriptor, a type
        /// it does not know, a field or a body that breaks the rules): skipped, so that the stream goes on after it.
        /// `caller` is where to send an error when it is a method call that expects a reply.
        case unreadable(DBusError, caller: WireMessage.Caller?)
    }

    /// The next whole message read, or `nil` until more bytes arrive.
    ///
    /// - Throws: `DBusError.invalidMessage` or `.messageTooLarge` when the fixed header cannot frame a message: the
    ///   stream cannot be trusted after it, and the connection closes.
    func nextMessage() throws(DBusError) -> Incoming? {
        let (start, end) = (self.start, self.end)
        let parsed = input.withUnsafeBytes { buffer in
            Result { () throws(DBusError) -> (Incoming, Int)? in
                let pending = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                guard let length = try WireMessage.length(ofMessageStarting: pending), length <= pending.count else {
                    return nil
                }
                let bytes = UnsafeRawBufferPointer(rebasing: pending[..<length])
                do throws(DBusError) {
                    let (message, values) = try WireMessage.parsed(bytes, names: names)
                    return (.message(message, values), length)
                } catch {
                    return (.unreadable(error, caller: WireMessage.caller(of: bytes)), length)
                }
            }
        }
        guard let (incoming, length) = try parsed.get() else { return nil }
        self.start += length
        return incoming
    }

    /// Queues `bytes` after what is queued and writes what the socket takes now.
    ///
    /// - Throws: `DBusError.disconnected` once the peer closed the socket, `.system` for another failure.
    func send(_ bytes: [UInt8]) throws(DBusError) {
        try bytes.withUnsafeBytes { bytes in
            Result { () throws(DBusError) in try send(bytes, UnsafeRawBufferPointer(start: nil, count: 0)) }
        }.get()
    }

    /// Sends `first` then `second` as one stream of bytes: straight from where they are when nothing is queued
    /// (one `sendmsg` of both), what the socket does not take queued after what is.
    ///
    /// - Throws: As ``send(_:)``.
    func send(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) throws(DBusError) {
        let total = first.count + second.count
        queuedTotal += total
        var sent = 0
        if written == output.count {
            output.removeAll(keepingCapacity: true)
            written = 0
            sent = try sendDirectly(first, second)
        }
        writtenTotal += sent
        if sent < first.count {
            output.append(contentsOf: first[sent...])
            output.append(contentsOf: second)
        } else if sent < total {
            output.append(contentsOf: second[(sent - first.count)...])
        }
        if sent < total, written < output.count {
            _ = try flush()
        }
    }

    /// Writes what the socket takes of `first` then `second` now; how many bytes it took.
    private func sendDirectly(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) throws(DBusError)
        -> Int
    {
        let total = first.count + second.count
        var sent = 0
        while sent < total {
            let result = withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { parts in
                var count = 0
                if sent < first.count {
                    parts[0] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress! + sent),
                        iov_len: first.count - sent)
                    count = 1
                }
                if !second.isEmpty {
                    let from = max(0, sent - first.count)
                    parts[count] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress! + from),
                        iov_len: second.count - from)
                    count += 1
                }
                var header = msghdr()
                header.msg_iov = parts.baseAddress
                header.msg_iovlen = count
                return sendmsg(descriptor, &header, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if result >= 0 {
                sent += result
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: return sent
            case EPIPE, ECONNRESET: throw .disconnected
            default: throw .system(operation: "sendmsg", errno: errno)
            }
        }
        return sent
    }

    /// Writes what the socket takes of the queue; `true` once it is empty.
    ///
    /// - Throws: As ``send(_:)``.
    func flush() throws(DBusError) -> Bool {
        while written < output.count {
            let (from, to) = (written, output.count)
            let count = output.withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress! + from, to - from, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count >= 0 {
                written += count
                writtenTotal += count
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: return false
            case EPIPE, ECONNRESET: throw .disconnected
            default: throw .system(operation: "send", errno: errno)
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 1 << 20)
        written = 0
        return true
    }

    /// Moves what is pending to the buffer's start, and grows the buffer to hold the whole message it starts with.
    private func makeRoom() {
        if start == end {
            start = 0
            end = 0
        } else if start > 0, input.count - end < 4096 {
            input.replaceSubrange(0..<end - start, with: input[start..<end])
            end -= start
            start = 0
        }
        let (start, end) = (self.start, self.end)
        let needed = input.withUnsafeBytes { buffer in
            (try? WireMessage.length(ofMessageStarting: UnsafeRawBufferPointer(rebasing: buffer[start..<end]))) ?? nil
        }
        let wanted = max(needed.map { start + $0 } ?? 0, end + 4096)
        if wanted > input.count {
            input.append(contentsOf: repeatElement(0, count: max(wanted, 2 * input.count) - input.count))
        }
    }

    // MARK: - Connecting

    /// A connected socket for one address entry (`unix:path=…` or `unix:abstract=…`, `%XX`-escaped).
    private static func connect(to entry: String) throws(DBusError) -> Int32 {
        guard entry.hasPrefix("unix:") else {
            throw .connectionFailed(name: "org.freedesktop.DBus.Error.BadAddress", message: "only unix: is supported")
        }
        var keys: [String: String] = [:]
        for pair in entry.dropFirst("unix:".count).split(separator: ",") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            keys[String(pair[..<equals])] = DBusAddress.unescaped(String(pair[pair.index(after: equals)...]))
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes: [UInt8]
        if let path = keys["path"] {
            bytes = Array(path.utf8)
        } else if let name = keys["abstract"] {
            bytes = [0] + Array(name.utf8)
        } else {
            throw .connectionFailed(
                name: "org.freedesktop.DBus.Error.BadAddress", message: "a unix: address without path= or abstract=")
        }
        guard bytes.count < capacity else {
            throw .connectionFailed(name: "org.freedesktop.DBus.Error.BadAddress", message: "the path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(operation: "socket", errno: errno) }
        // An abstract name's length counts; a path's is up to its NUL.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (keys["path"] != nil ? 1 : 0))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        guard result == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw .connectionFailed(
                name: "org.freedesktop.DBus.Error.NoServer", message: String(cString: strerror(error)))
        }
        return descriptor
    }

    /// Authenticates as the process's user with EXTERNAL; the server's GUID.
    ///
    /// `BEGIN` goes out with `AUTH`, as sd-bus sends it: the server reads the lines in order, so the answer comes a
    /// round trip sooner, and a server that refuses answers `REJECTED` to the `AUTH` and closes at the `BEGIN`.
    private static func authenticate(_ descriptor: Int32, timeout: Duration) throws(DBusError) -> String {
        let user = Array(String(getuid()).utf8).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        try write([0] + Array("AUTH EXTERNAL \(user)\r\nBEGIN\r\n".utf8), to: descriptor)
        let answer = try line(from: descriptor, timeout: timeout)
        guard answer.hasPrefix("OK ") else {
            throw .connectionFailed(
                name: "org.freedesktop.DBus.Error.AuthFailed", message: "the server answered '\(answer)' to EXTERNAL")
        }
        return String(answer.dropFirst(3))
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) throws(DBusError) {
        var offset = 0
        while offset < bytes.count {
            let from = offset
            let count = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + from, $0.count - from, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(operation: "send", errno: errno)
            }
            offset += count
        }
    }

    /// One line of the authentication, without its CR LF. What the socket holds is looked at first (`MSG_PEEK`) and
    /// only the line taken: the messages the server sends after it are the transport's to frame.
    private static func line(from descriptor: Int32, timeout: Duration) throws(DBusError) -> String {
        let deadline = PollLoop.monotonicNow() + PollLoop.nanoseconds(timeout)
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while !(line.count >= 2 && line[line.count - 2] == 13 && line[line.count - 1] == 10) {
            guard line.count < 16 << 10 else { throw .invalidMessage("an authentication line over 16 KiB") }
            let left = deadline - PollLoop.monotonicNow()
            guard left > 0 else {
                throw .connectionFailed(
                    name: "org.freedesktop.DBus.Error.Timeout", message: "the server did not answer the authentication")
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, PollLoop.milliseconds(rounding: .nanoseconds(left))) >= 0 || errno == EINTR else {
                throw .system(operation: "poll", errno: errno)
            }
            guard poller.revents != 0 else { continue }
            let seen = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, Int32(MSG_PEEK)) }
            if seen == 0 {
                throw .connectionFailed(
                    name: "org.freedesktop.DBus.Error.NoServer", message: "the server closed the authentication")
            } else if seen < 0 {
                guard errno == EINTR else { throw .system(operation: "recv", errno: errno) }
                continue
            }
            // Up to the line's LF, which may follow a CR taken before.
            var wanted = seen
            for index in 0..<seen where chunk[index] == 10 {
                let previous = index > 0 ? chunk[index - 1] : line.last
                if previous == 13 {
                    wanted = index + 1
                    break
                }
            }
            // The bytes looked at are queued, so a blocking read takes them all.
            let taken = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, wanted, 0) }
            guard taken == wanted else {
                throw .system(operation: "recv", errno: taken < 0 ? errno : EIO)
            }
            line += chunk[0..<taken]
        }
        return String(decoding: line.dropLast(2), as: UTF8.self)
    }
}
