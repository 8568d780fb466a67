import Testing

@testable import DBus

/// `WireMessage` reads and writes whole messages without libdbus; libdbus is the reference it is held to: what
/// libdbus writes it reads the same, what it writes libdbus loads byte for byte, and what libdbus refuses it refuses.
@Suite struct WireMessageTests {
    /// libdbus's bytes for `message`, numbered as the connection would number it (an unsent message has serial 0).
    static func sent(_ message: DBusMessage, serial: UInt32 = 7) throws -> [UInt8] {
        try LibDBusReference.bytes(of: message, serial: serial)
    }

    static func parsed(_ bytes: [UInt8]) throws(DBusError) -> WireMessage {
        let result = bytes.withUnsafeBytes { bytes in Result { () throws(DBusError) in try WireMessage(parsing: bytes) }
        }
        return try result.get()
    }

    @Test(arguments: sampleValues)
    func aCallLibdbusWritesIsReadWithItsFieldsAndValues(_ value: DBusValue) throws {
        let call = try DBusMessage.methodCall(
            destination: "org.feels.Tips", path: "/org/feels/Tips", interface: "org.feels.Tips1", member: "GetTips")
        try call.append([.byte(1), value, .string("after")])
        let message = try Self.parsed(try Self.sent(call))
        #expect(message.kind == .methodCall)
        #expect(message.serial == 7)
        #expect(message.path == call.path)
        #expect(message.interface == call.interface)
        #expect(message.member == call.member)
        #expect(message.destination == call.destination)
        #expect(message.signature == call.signature)
        #expect(try message.values() == call.arguments)
        // libdbus orders the fields otherwise (the destination before the interface); the message is the same.
        #expect(try Self.parsed(message.serialized()) == message)
    }

    @Test func aSignalLibdbusWritesIsReadAsASignal() throws {
        let signal = try DBusMessage.signal(path: "/org/feels/Tips", interface: "org.feels.Tips1", member: "TipChanged")
        try signal.append([.string("SiriShortcutTip"), .vardict([("status", .string("available"))])])
        let message = try Self.parsed(try Self.sent(signal))
        #expect(message.kind == .signal)
        #expect(message.flags.contains(.noReplyExpected))
        #expect(message.member?.rawValue == "TipChanged")
        #expect(try message.values() == signal.arguments)
    }

    /// Each kind written here, loaded by libdbus, which must find the same fields and values and keep the bytes.
    static let written: [WireMessage] = {
        var call = WireMessage(kind: .methodCall, serial: 3)
        call.path = "/org/feels/Tips"
        call.interface = "org.feels.Tips1"
        call.member = "LogMood"
        call.destination = "org.feels.Tips"
        var reply = WireMessage(kind: .methodReturn, flags: .noReplyExpected, serial: 4)
        reply.replySerial = 3
        reply.destination = ":1.42"
        var error = WireMessage(kind: .error, flags: .noReplyExpected, serial: 5)
        error.errorName = "org.feels.Tips1.Error.UnknownTip"
        error.replySerial = 3
        error.destination = ":1.42"
        var signal = WireMessage(kind: .signal, flags: .noReplyExpected, serial: 6)
        signal.path = "/org/feels/Tips"
        signal.interface = "org.freedesktop.DBus.Properties"
        signal.member = "PropertiesChanged"
        return [call, reply, error, signal]
    }()

    @Test(arguments: 0..<written.count)
    func whatIsWrittenLibdbusLoadsWithTheSameFieldsAndBytes(_ index: Int) throws {
        var message = Self.written[index]
        let values: [DBusValue] = [.string("good"), .vardict([("count", .uint32(3))]), .array(.byte, [.byte(9)])]
        var body = WireBytes()
        for value in values {
            try value.marshal(into: &body, depth: NestingDepth())
        }
        message.body = body.finished()
        message.signature = values.map(\.signatureText).joined()
        let bytes = try message.serialized()
        let loaded = try LibDBusReference.load(bytes)
        #expect(loaded.serial == message.serial)
        #expect(loaded.replySerial == (message.replySerial ?? 0))
        #expect(loaded.path == message.path?.rawValue)
        #expect(loaded.interface == message.interface?.rawValue)
        #expect(loaded.member == message.member?.rawValue)
        #expect(loaded.errorName == message.errorName?.rawValue)
        #expect(loaded.destination == message.destination)
        #expect(loaded.noReplyExpected == message.flags.contains(.noReplyExpected))
        #expect(try loaded.arguments == values)
        #expect(loaded.bytes == bytes)
        #expect(try Self.parsed(bytes) == message)
    }

    @Test func aBigEndianMessageIsRead() throws {
        let bytes = WireReaderTests.richMessage(bigEndian: true)
        let message = try Self.parsed(bytes)
        #expect(message.bigEndian)
        #expect(message.kind == .signal)
        #expect(message.path?.rawValue == "/t")
        #expect(message.signature == WireReaderTests.richSignature)
        #expect(try message.values() == WireReaderTests.richValues)
        #expect(throws: DBusError.self) { try message.serialized() }
    }

    /// A call whose bytes each mistake below spoils.
    static func goodCall(body: [UInt8] = [], signature: String = "", path: ObjectPath = "/a") throws -> [UInt8] {
        var call = WireMessage(kind: .methodCall, serial: 9)
        call.path = path
        call.member = MemberName(unchecked: "M")
        call.body = body
        call.signature = signature
        return try call.serialized()
    }

    /// Bytes D-Bus does not allow, each with what spoils them; libdbus refuses every one too.
    static let mistakes: [(String, @Sendable () throws -> [UInt8])] = [
        (
            "an unknown byte order",
            {
                var bytes = try goodCall()
                bytes[0] = UInt8(ascii: "x")
                return bytes
            }
        ),
        (
            "protocol version 2",
            {
                var bytes = try goodCall()
                bytes[3] = 2
                return bytes
            }
        ),
        (
            "serial 0",
            {
                var bytes = try goodCall()
                bytes.replaceSubrange(8..<12, with: [0, 0, 0, 0])
                return bytes
            }
        ),
        (
            "a method return without its reply serial",
            {
                var bytes = try goodCall()
                bytes[1] = 2
                return bytes
            }
        ),
        (
            "padding that is not zero",
            {
                var bytes = try goodCall()
                bytes[27] = 1
                return bytes
            }
        ),
        ("a string that is not UTF-8", { try goodCall(body: [2, 0, 0, 0, 0xFF, 0xFE, 0], signature: "s") }),
        ("a string holding NUL", { try goodCall(body: [2, 0, 0, 0, 65, 0, 0], signature: "s") }),
        ("a byte after the body's values", { try goodCall(body: [1, 2], signature: "y") }),
        ("the path of libdbus's local messages", { try goodCall(path: "/org/freedesktop/DBus/Local") }),
        (
            "a member name starting with a digit",
            {
                var call = WireMessage(kind: .methodCall, serial: 9)
                call.path = "/a"
                call.member = MemberName(unchecked: "1M")
                return try call.serialized()
            }
        ),
        (
            "an object path ending in /",
            { try goodCall(body: [3, 0, 0, 0, 47, 97, 47, 0], signature: "o") }
        ),
        (
            "a variant whose signature is not one type",
            { try goodCall(body: [2, 121, 121, 0, 1, 2], signature: "v") }
        ),
    ]

    @Test(arguments: 0..<mistakes.count)
    func bytesDBusDoesNotAllowAreRefusedAsLibdbusRefusesThem(_ index: Int) throws {
        let (what, make) = Self.mistakes[index]
        let bytes = try make()
        #expect(throws: DBusError.self, "\(what)") { try Self.parsed(bytes) }
        #expect(throws: DBusError.self, "libdbus: \(what)") { try LibDBusReference.load(bytes) }
    }

    /// `goodCall()` with more header fields after its own: each a code, then its variant as bytes (its signature, its
    /// value), written from the byte after the code, at an 8-byte boundary.
    static func goodCall(withFields fields: [(code: UInt8, variant: [UInt8])]) throws -> [UInt8] {
        let call = try goodCall()
        let length = (12..<16).reduce(0) { $0 | Int(call[$1]) << (8 * ($1 - 12)) }
        var bytes = Array(call[..<(16 + length)])
        for field in fields {
            while bytes.count % 8 != 0 { bytes.append(0) }
            bytes += [field.code] + field.variant
        }
        bytes.replaceSubrange(12..<16, with: withUnsafeBytes(of: UInt32(bytes.count - 16).littleEndian, Array.init))
        while bytes.count % 8 != 0 { bytes.append(0) }
        return bytes
    }

    /// A variant of a `y` holding `value`, as a header field's.
    static func byteField(_ value: UInt8) -> [UInt8] { [1, UInt8(ascii: "y"), 0, value] }

    /// Found by DBusValueFuzzer: a field of code 0 was ignored as unknown, where the specification calls it an error.
    @Test func aHeaderFieldOfCodeZeroIsRefusedAsLibdbusRefusesIt() throws {
        let bytes = try Self.goodCall(withFields: [(0, Self.byteField(1))])
        #expect(throws: DBusError.self) { try Self.parsed(bytes) }
        #expect(throws: DBusError.self, "libdbus") { try LibDBusReference.load(bytes) }
    }

    /// Found by DBusValueFuzzer: a field of a code D-Bus does not define yet was refused when it came twice, where the
    /// specification says to ignore it; a field it defines may come once only.
    @Test func aFieldOfAnUnknownCodeMayComeTwiceAKnownOneOnce() throws {
        let unknown = try Self.goodCall(withFields: [(42, Self.byteField(1)), (42, Self.byteField(2))])
        #expect(try Self.parsed(unknown) == Self.parsed(Self.goodCall()))
        _ = try LibDBusReference.load(unknown)
        let replySerial: [UInt8] = [1, UInt8(ascii: "u"), 0, 1, 0, 0, 0]
        let known = try Self.goodCall(withFields: [(5, replySerial), (5, replySerial)])
        #expect(throws: DBusError.self) { try Self.parsed(known) }
        #expect(throws: DBusError.self, "libdbus") { try LibDBusReference.load(known) }
    }

    /// Found by DBusValueFuzzer: a signature or a variant holding `h` was refused as an invalid message, not as the
    /// type this binding does not support, which libdbus takes in a message without file descriptors.
    @Test(
        arguments: [
            ("h", [0, 0, 0, 0]), ("v", [1, UInt8(ascii: "h"), 0, 0, 0, 0, 0, 0]), ("ah", [0, 0, 0, 0]),
        ] as [(String, [UInt8])])
    func aUnixFileDescriptorIsRefusedAsUnsupported(signature: String, body: [UInt8]) throws {
        let bytes = try Self.goodCall(body: body, signature: signature)
        #expect(throws: DBusError.unsupportedType("h (unix file descriptor)")) { try Self.parsed(bytes) }
        #expect(try LibDBusReference.load(bytes).signature == signature, "libdbus")
    }

    /// Found by DBusValueFuzzer: variants nested 65 to 127 deep were read, where D-Bus allows a message 64 containers
    /// deep and libdbus refuses more; the elements of an array of fixed-size values are not counted apart.
    @Test(arguments: [(64, "y", true), (65, "y", false), (64, "ai", true), (62, "av", true), (63, "av", false)])
    func valuesNestedPast64ContainersAreRefusedAsLibdbusRefusesThem(count: Int, innermost: String, allowed: Bool)
        throws
    {
        let bytes = try Self.goodCall(body: LibDBusReference.nestedVariants(count, around: innermost), signature: "v")
        #expect(((try? Self.parsed(bytes)) != nil) == allowed)
        #expect(((try? LibDBusReference.load(bytes)) != nil) == allowed, "libdbus")
    }

    /// The header is a body of `yyyyuua(yv)`: a field's variant is two containers deep, so that 62 variants nested in
    /// a field of a code D-Bus does not define are allowed, and 63 not, as libdbus counts them.
    @Test(arguments: [(62, true), (63, false)])
    func aHeaderFieldsValuesAreNestedFromTheFieldsArray(count: Int, allowed: Bool) throws {
        let variant: [UInt8] = [1, UInt8(ascii: "v"), 0]
        let variants = Array(repeating: variant, count: count - 1).flatMap { $0 } + Self.byteField(7)
        let bytes = try Self.goodCall(withFields: [(42, variants)])
        #expect(((try? Self.parsed(bytes)) != nil) == allowed)
        #expect(((try? LibDBusReference.load(bytes)) != nil) == allowed, "libdbus")
    }

    @Test func aMessageIsExactlyItsBytes() throws {
        // The connection frames messages by the length the fixed header gives (libdbus's demarshal ignores the rest).
        #expect(throws: DBusError.self) { try Self.parsed(Self.goodCall() + [0]) }
        #expect(throws: DBusError.self) { try Self.parsed(Self.goodCall().dropLast()) }
    }

    @Test func theLengthIsKnownFromTheFixedHeaderAlone() throws {
        let bytes = try Self.goodCall(body: [1], signature: "y")
        func length(_ count: Int) throws(DBusError) -> Int? {
            try Array(bytes.prefix(count)).withUnsafeBytes { prefix in
                Result { () throws(DBusError) in try WireMessage.length(ofMessageStarting: prefix) }
            }.get()
        }
        #expect(try length(15) == nil)
        #expect(try length(16) == bytes.count)
    }

    static func parsed(_ bytes: [UInt8], names: HeaderFieldCache) throws(DBusError) -> WireMessage {
        let result = bytes.withUnsafeBytes { bytes in
            Result { () throws(DBusError) in try WireMessage.parsed(bytes, names: names).message }
        }
        return try result.get()
    }

    @Test func fieldsCheckedBeforeAreTakenFromTheCacheOnlyForTheSameCodeTypeAndBytes() throws {
        let names = HeaderFieldCache()
        let call = Self.written[0]
        let bytes = try call.serialized()
        #expect(try Self.parsed(bytes, names: names) == call)
        #expect(try Self.parsed(bytes, names: names) == call, "read again with every field kept")
        // The path's field starts the header fields: its code, then its variant's signature 'o'. As a string it is
        // the same bytes, and still refused.
        #expect(bytes[16] == 1 && bytes[18] == UInt8(ascii: "o"))
        var retyped = bytes
        retyped[18] = UInt8(ascii: "s")
        #expect(throws: DBusError.invalidMessage("header field 1 of signature s, not o")) {
            try Self.parsed(retyped, names: names)
        }
        // A member that breaks the rules is refused each time it comes, never kept.
        var other = call
        other.member = "LogMood"
        var broken = try other.serialized()
        let member = try #require(broken.indices.first { Array(broken[$0..<$0 + 7]) == Array("LogMood".utf8) })
        broken[member] = UInt8(ascii: "9")
        for _ in 0..<2 {
            #expect(throws: DBusError.self) { try Self.parsed(broken, names: names) }
        }
    }

    /// The fields of a call from each of 500 callers, as the bus sends them: each read again is taken from the cache,
    /// whatever the caller's unique name (with one slot a field, two fields of one call could share a slot and evict
    /// each other at every call).
    @Test func everyFieldOfACallIsKeptWhateverTheCallersName() throws {
        for number in 0..<500 {
            let names = HeaderFieldCache()
            var call = WireMessage(kind: .methodCall, serial: 3)
            call.path = "/org/feels/Tips"
            call.interface = "org.feels.Tips1"
            call.member = "GetTips"
            call.destination = "org.feels.Tips"
            call.sender = ":1.\(number)"
            call.signature = "asa{sv}"
            call.body = [0, 0, 0, 0, 0, 0, 0, 0]
            let bytes = try call.serialized()
            _ = try Self.parsed(bytes, names: names)
            let checked = names.misses
            #expect(checked == 6)
            #expect(try Self.parsed(bytes, names: names) == call)
            #expect(names.misses == checked, "caller :1.\(number)")
        }
    }

    /// Four fields that fall in one set are all kept; a fifth takes the place of the one kept first.
    @Test func aFullSetGivesUpTheFieldLeastRecentlyUsed() throws {
        let names = HeaderFieldCache()
        let member: UInt8 = 3  // The specification's code for a member.
        let type = UInt8(ascii: "s")
        func set(_ name: String) -> Int {
            Array(name.utf8).withUnsafeBytes { names.set(code: member, type: type, bytes: $0) }
        }
        let candidates = (0..<2000).map { "Member\($0)" }
        let target = set(candidates[0])
        let sameSet = candidates.filter { set($0) == target }
        try #require(sameSet.count >= HeaderFieldCache.ways + 1)
        func keep(_ name: String) {
            Array(name.utf8).withUnsafeBytes { names.keep(name, code: member, type: type, bytes: $0) }
        }
        func text(_ name: String) -> String? {
            Array(name.utf8).withUnsafeBytes { names.text(code: member, type: type, bytes: $0) }
        }
        let four = Array(sameSet.prefix(HeaderFieldCache.ways))
        four.forEach(keep)
        for name in four { #expect(text(name) == name) }
        keep(sameSet[HeaderFieldCache.ways])
        #expect(text(four[0]) == nil)
        for name in four.dropFirst() + [sameSet[HeaderFieldCache.ways]] { #expect(text(name) == name) }
    }
}
