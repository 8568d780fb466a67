@testable import DBus

/// A peer's message loaded both ways: by the binding (`WireMessage.parsed`, every receiver check) and by libdbus
/// (`dbus_message_demarshal`), which must accept exactly the same bytes and find the same header fields and values.
///
/// Two differences are the binding's, documented and deliberate: it refuses unix file descriptors (`h`), which
/// libdbus takes in a message that carries none (in the body, or in a header field of a code D-Bus does not define,
/// which libdbus checks and ignores), and unique names the specification does not allow but libdbus takes
/// (`:1042`, `:.4`), since it checks only their characters. A third is a finding of this fuzzer, reported and allowed
/// here so that it does not stop every run: a message of a type D-Bus does not define yet (5 and up), which libdbus
/// loads and the specification says a receiver must ignore, the binding refuses, so that its connection closes where
/// it should skip the message.
enum BothReaders {
    /// The binding's reading of `bytes`, when both readers accept them, `nil` when both refuse them (or the binding
    /// refuses as documented); any other difference stops the run. `what` names the bytes in a failure.
    @discardableResult
    static func load(_ bytes: [UInt8], what: @autoclosure () -> String) -> (message: WireMessage, values: [DBusValue])?
    {
        let ours = parse(bytes, names: nil)
        let theirs = Result { () throws(DBusError) in try LibDBusReference.load(bytes) }
        switch (ours, theirs) {
        case (.failure, .failure):
            return nil
        case (.success(let read), .failure(let refusal)):
            fail(
                "\(what()): the binding accepts a \(read.message.kind) libdbus refuses (\(refusal)): \(hex(bytes))")
        case (.failure(let refusal), .success(let loaded)):
            check(
                isDocumented(refusal, of: loaded),
                "\(what()): libdbus accepts a message the binding refuses (\(refusal)): \(hex(bytes))")
            return nil
        case (.success(let read), .success(let loaded)):
            compare(read, loaded, bytes: bytes, what: what())
            return read
        }
    }

    /// The binding's reading of `bytes` as a connection reads them, with `names` as its header-field cache.
    static func parse(_ bytes: [UInt8], names: HeaderFieldCache?) -> Result<
        (message: WireMessage, values: [DBusValue]), DBusError
    > {
        bytes.withUnsafeBytes { raw in
            Result { () throws(DBusError) in try WireMessage.parsed(raw, names: names) }
        }
    }

    /// Whether the binding's `refusal` of a message libdbus `loaded` is one of the two documented differences.
    private static func isDocumented(_ refusal: DBusError, of loaded: LibDBusReference.Loaded) -> Bool {
        switch refusal {
        case .unsupportedType:
            // The 'h' is in the body's signature, or in a variant's, where libdbus's reader meets it, or in a header
            // field of a code D-Bus does not define, which libdbus checks as a 'u' and ignores.
            if loaded.signature.utf8.contains(UInt8(ascii: "h")) { return true }
            let theirs = Result { () throws(DBusError) in try LibDBusReader.values(ofMessage: loaded.bytes) }
            if case .failure(.unsupportedType) = theirs { return true }
            return headerFields(of: loaded.bytes).contains(UInt8(ascii: "h"))
        case .invalidMessage(let reason) where WireMessage.Kind(rawValue: UInt8(truncatingIfNeeded: loaded.type)) == nil:
            return reason == "unknown message type \(loaded.type)"
        case .invalidMessage:
            return [loaded.sender, loaded.destination].contains { name in
                guard let name, name.hasPrefix(":") else { return false }
                return (try? BusName(name)) == nil && LibDBusOracle.accepts(.bus, name)
            }
        default:
            return false
        }
    }

    /// The bytes of the header fields of the message `bytes`, which libdbus loaded.
    private static func headerFields(of bytes: [UInt8]) -> ArraySlice<UInt8> {
        let bigEndian = bytes[0] == UInt8(ascii: "B")
        let length = (0..<4).reduce(0) { $0 | Int(bytes[12 + $1]) << (bigEndian ? 8 * (3 - $1) : 8 * $1) }
        return bytes[16..<min(bytes.count, 16 + length)]
    }

    /// Holds what both found in the same bytes to each other.
    private static func compare(
        _ read: (message: WireMessage, values: [DBusValue]), _ loaded: LibDBusReference.Loaded, bytes: [UInt8],
        what: String
    ) {
        let message = read.message
        func same<T: Equatable>(_ ours: T, _ theirs: T, _ field: String) {
            check(
                ours == theirs, "\(what): the \(field) is \(ours) to the binding, \(theirs) to libdbus: \(hex(bytes))")
        }
        same(Int32(message.kind.rawValue), loaded.type, "type")
        same(message.serial, loaded.serial, "serial")
        same(message.replySerial ?? 0, loaded.replySerial, "reply serial")
        same(message.path?.rawValue, loaded.path, "path")
        same(message.interface?.rawValue, loaded.interface, "interface")
        same(message.member?.rawValue, loaded.member, "member")
        same(message.errorName?.rawValue, loaded.errorName, "error name")
        same(message.destination, loaded.destination, "destination")
        same(message.sender, loaded.sender, "sender")
        same(message.flags.contains(.noReplyExpected), loaded.noReplyExpected, "no-reply flag")
        same(message.signature, loaded.signature, "signature")
        let theirs: [DBusValue]
        do {
            theirs = try LibDBusReader.values(ofMessage: loaded.bytes)
        } catch {
            fail("\(what): libdbus cannot read the values of a message it loaded: \(error): \(hex(bytes))")
        }
        check(
            read.values.isIdentical(to: theirs),
            "\(what): the binding reads \(read.values), libdbus \(theirs): \(hex(bytes))")
        do {
            check(try message.values().isIdentical(to: read.values), "\(what): the body read again differs")
        } catch {
            fail("\(what): the body of a message read cannot be read again: \(error)")
        }
    }

    /// `bytes` in hexadecimal, for a failure's message.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(
            decoding: bytes.prefix(512).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
