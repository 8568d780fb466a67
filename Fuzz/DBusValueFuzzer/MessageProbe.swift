@testable import DBus

/// Whole messages as a connection receives them: a message of any kind, its header fields and body from the input,
/// written by the binding (`serialized()`), then a few of its bytes changed; or, after a first byte of 255, the rest
/// of the input as it is. Read by `WireMessage.parsed(_:names:)` with a header-field cache shared by every input and
/// without one, the bytes must give the same message or the same error, and both readers must agree on them
/// (``BothReaders``).
enum MessageProbe {
    /// The cache every input's messages are read with, small so that names replace each other in its slots: a
    /// connection's, which keeps what it checked from message to message.
    nonisolated(unsafe) static let names = HeaderFieldCache(capacity: 16)

    static func run(_ input: inout FuzzInput) {
        var form = input
        if form.byte() == 255 {
            var bytes = form.rest
            guard frame(&bytes) else { return }
            readWithAndWithoutNames(bytes, what: "the input's message")
            writeBack(BothReaders.load(bytes, what: "the input's message"), what: "the input's message")
            return
        }
        guard var bytes = message(&input) else { return }
        let wrote = bytes
        let sent = BothReaders.load(bytes, what: "a message the binding wrote")
        readWithAndWithoutNames(bytes, what: "a message the binding wrote")
        Mutation.apply(&bytes, &input, count: 1 + input.below(4))
        switch input.below(16) {
        case 0: bytes.removeLast(min(bytes.count - 1, 1 + input.below(16)))
        case 1: bytes += input.take(1 + input.below(16))
        default: break
        }
        guard frame(&bytes) else { return }
        readWithAndWithoutNames(bytes, what: "a changed message")
        let changed = BothReaders.load(bytes, what: "a changed message")
        writeBack(changed, what: "a changed message")
        if bytes == wrote {
            check(changed?.message == sent?.message, "the same bytes read twice give two messages")
        }
    }

    /// The bytes the binding writes for a message made as `input` says, `nil` when it cannot write it (a field its
    /// kind needs is missing, a name holds NUL).
    private static func message(_ input: inout FuzzInput) -> [UInt8]? {
        let kind = WireMessage.Kind(rawValue: 1 + UInt8(input.below(4))) ?? .methodCall
        var wire = WireMessage(
            kind: kind, flags: WireMessage.Flags(rawValue: input.byte() & 7),
            serial: max(1, input.integer(UInt32.self)))
        let needs: [Bool]
        switch kind {
        case .methodCall: needs = [true, false, true, false, false]
        case .methodReturn: needs = [false, false, false, false, true]
        case .error: needs = [false, false, false, true, true]
        case .signal: needs = [true, true, true, false, false]
        }
        let present = input.byte()
        func wanted(_ field: Int) -> Bool { needs[field] || present & (1 << field) != 0 }
        if wanted(0) { wire.path = ObjectPath(unchecked: name(&input, Pool.paths)) }
        if wanted(1) { wire.interface = InterfaceName(unchecked: name(&input, Pool.interfaces)) }
        if wanted(2) { wire.member = MemberName(unchecked: name(&input, Pool.members)) }
        if wanted(3) { wire.errorName = ErrorName(unchecked: name(&input, Pool.errors)) }
        if wanted(4) { wire.replySerial = input.byte() == 0 ? 0 : max(1, input.integer(UInt32.self)) }
        if present & 32 != 0 { wire.destination = name(&input, Pool.busNames) }
        if present & 64 != 0 { wire.sender = name(&input, Pool.busNames) }
        var values: [DBusValue] = []
        for _ in 0..<input.below(4) {
            values.append(ValueProbe.value(&input, depth: 0))
        }
        let message = DBusMessage(wire)
        if (try? message.append(values)) == nil {
            // Values append refuses leave the message as it was: the header alone, then.
            check(message.wire.body.isEmpty && message.wire.signature.isEmpty, "a refused append changed the body")
        }
        return try? message.wire.serialized()
    }

    /// A name from `pool` most of the time, so that the cache sees names again; else the input's text, whatever it
    /// is (the reader must refuse what is not a name).
    private static func name(_ input: inout FuzzInput, _ pool: [String]) -> String {
        let choice = input.below(pool.count + 2)
        return choice < pool.count ? pool[choice] : input.text()
    }

    /// Cuts `bytes` to the length their fixed header gives, as the connection frames a stream; `false` when it
    /// could not frame them (then libdbus must find them corrupt too) or there are fewer than 16.
    private static func frame(_ bytes: inout [UInt8]) -> Bool {
        let length = bytes.withUnsafeBytes { raw in
            Result { () throws(DBusError) in try WireMessage.length(ofMessageStarting: raw) }
        }
        switch length {
        case .success(let length?):
            // libdbus's demarshal ignores bytes after the message; a connection reads them as the next one.
            if length < bytes.count { bytes.removeLast(bytes.count - length) }
            return true
        case .success(nil):
            return false
        case .failure(let error):
            let theirs = Result { () throws(DBusError) in try LibDBusReference.load(bytes) }
            guard case .failure = theirs else {
                fail("libdbus loads a message the connection cannot frame (\(error)): \(BothReaders.hex(bytes))")
            }
            return false
        }
    }

    /// Writes a message both readers took, `read`, as the binding sends one, when it is in the order the binding
    /// writes: both readers must take what it wrote, and the binding read it as the same message and values.
    private static func writeBack(_ read: (message: WireMessage, values: [DBusValue])?, what: String) {
        guard let read, !read.message.bigEndian else { return }
        let bytes: [UInt8]
        do {
            bytes = try read.message.serialized()
        } catch {
            fail("\(what), read, cannot be written again: \(error)")
        }
        guard let again = BothReaders.load(bytes, what: "\(what), read and written again") else {
            fail("\(what), read and written again, is refused: \(BothReaders.hex(bytes))")
        }
        check(again.message == read.message, "\(what), read and written again, is read as another")
        check(again.values.isIdentical(to: read.values), "\(what), read and written again, holds other values")
    }

    /// Reads `bytes` with the shared cache, without a cache, and with the cache again (which now holds what the first
    /// reading kept): all three must give the same message and values, or the same error; and `init(parsing:)` the
    /// same message or error as the reading without a cache.
    private static func readWithAndWithoutNames(_ bytes: [UInt8], what: String) {
        let cached = BothReaders.parse(bytes, names: names)
        let fresh = BothReaders.parse(bytes, names: nil)
        let again = BothReaders.parse(bytes, names: names)
        let message = bytes.withUnsafeBytes { raw in Result { () throws(DBusError) in try WireMessage(parsing: raw) } }
        switch (fresh, message) {
        case (.success(let one), .success(let two)): check(one.message == two, "\(what): init(parsing:) reads another")
        case (.failure(let one), .failure(let two)): check(one == two, "\(what): init(parsing:) refuses otherwise")
        default: fail("\(what): init(parsing:) and parsed(_:names:) disagree: \(BothReaders.hex(bytes))")
        }
        for (other, which) in [(cached, "with the cache"), (again, "with the cache kept from it")] {
            switch (fresh, other) {
            case (.success(let one), .success(let two)):
                check(one.message == two.message, "\(what) is read \(which) as another: \(BothReaders.hex(bytes))")
                check(
                    one.values.isIdentical(to: two.values),
                    "\(what) is read \(which) with other values: \(BothReaders.hex(bytes))")
            case (.failure(let one), .failure(let two)):
                check(one == two, "\(what) is refused \(which) with \(two), without with \(one)")
            case (.success, .failure(let error)):
                fail("\(what) is refused \(which) (\(error)), taken without: \(BothReaders.hex(bytes))")
            case (.failure(let error), .success):
                fail("\(what) is taken \(which), refused without (\(error)): \(BothReaders.hex(bytes))")
            }
        }
    }

    /// Names the messages are made of: valid ones of every field, a few alike but for a byte, libdbus's local path
    /// and interface, which no peer may send, and a unique name the specification does not allow but libdbus takes.
    enum Pool {
        static let paths = ["/", "/org/feels/Test", "/org/feels/Tesu", "/a/b_c/D9", "/org/freedesktop/DBus/Local"]
        static let interfaces = [
            "org.feels.Test1", "org.feels.Test2", "org.freedesktop.DBus.Properties", "a.b",
            "org.freedesktop.DBus.Local",
        ]
        static let members = ["M", "Concat", "PropertiesChanged", "Get_All9"]
        static let errors = ["org.feels.Test1.Error.Unknown", "org.freedesktop.DBus.Error.Failed", "a.b"]
        static let busNames = [":1.42", ":1.43", "org.feels.Test", "org.freedesktop.DBus", ":1042", "-a.b"]
    }
}
