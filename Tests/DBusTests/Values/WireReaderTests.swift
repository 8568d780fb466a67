import Testing

@testable import DBus

/// `DBusMessage.arguments` reads a message's bytes with this binding's `WireReader`, not libdbus's iterators: the
/// samples' round trips (MarshallingTests) hold it to what libdbus's type writer writes; these hold it to the other
/// byte order, and to bytes that do not match their signature, which must end in an error and never in a read out
/// of bounds.
@Suite struct WireReaderTests {
    /// A message's bytes in either byte order, written by hand: a fixed header, a path, interface and member, the
    /// signature, then the body, each value at its alignment from the message's first byte.
    struct HandWritten {
        let bigEndian: Bool
        var bytes: [UInt8] = []

        mutating func pad(_ boundary: Int) {
            while bytes.count % boundary != 0 { bytes.append(0) }
        }

        mutating func integer<Integer: FixedWidthInteger>(_ value: Integer) {
            pad(MemoryLayout<Integer>.size)
            withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ text: String) {
            integer(UInt32(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
            bytes.append(0)
        }

        mutating func signature(_ text: String) {
            bytes.append(UInt8(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
            bytes.append(0)
        }

        /// An array whose elements `body` writes, aligned to `alignment`, its length patched in afterwards.
        mutating func array(alignment: Int, _ body: (inout HandWritten) -> Void) {
            integer(UInt32(0))
            let lengthAt = bytes.count - 4
            pad(alignment)
            let start = bytes.count
            body(&self)
            let length = UInt32(bytes.count - start)
            withUnsafeBytes(of: bigEndian ? length.bigEndian : length.littleEndian) {
                bytes.replaceSubrange(lengthAt..<lengthAt + 4, with: $0)
            }
        }

        /// A signal message of `signature` around the body `body` writes.
        static func message(bigEndian: Bool, signature: String, _ body: (inout HandWritten) -> Void) -> [UInt8] {
            var header = HandWritten(bigEndian: bigEndian)
            header.bytes = [UInt8(ascii: bigEndian ? "B" : "l"), 4, 1, 1]
            header.integer(UInt32(0))
            header.integer(UInt32(1))
            header.array(alignment: 8) { fields in
                for (code, type, text) in [(1, "o", "/t"), (2, "s", "org.feels.Test1"), (3, "s", "V")] {
                    fields.pad(8)
                    fields.bytes.append(UInt8(code))
                    fields.signature(type)
                    fields.string(text)
                }
                fields.pad(8)
                fields.bytes.append(8)
                fields.signature("g")
                fields.signature(signature)
            }
            header.pad(8)
            let bodyStart = header.bytes.count
            body(&header)
            let length = UInt32(header.bytes.count - bodyStart)
            withUnsafeBytes(of: bigEndian ? length.bigEndian : length.littleEndian) {
                header.bytes.replaceSubrange(4..<8, with: $0)
            }
            return header.bytes
        }
    }

    /// The values of the message `bytes`, read as a peer's message is: whole, every rule checked.
    static func read(_ bytes: [UInt8], signature: String) throws(DBusError) -> [DBusValue] {
        let result = bytes.withUnsafeBytes { message in
            Result { () throws(DBusError) in try WireMessage(parsing: message) }
        }
        let message = try result.get()
        #expect(message.signature == signature)
        return try message.values()
    }

    static let richSignature = "ynqiuxtdsogba{sv}(nv)ay"
    static let richValues: [DBusValue] = [
        .byte(7), .int16(-2), .uint16(65_000), .int32(-70_000), .uint32(4_000_000_000), .int64(.min), .uint64(.max),
        .double(-1.5e300), .string("héllo ☀️"), .objectPath("/org/feels/Tips"), .signature("a{sv}"), .boolean(true),
        .vardict([("count", .uint32(3)), ("words", .strings(["a", "bc"]))]),
        .structure([.int16(5), .variant(.structure([.byte(1), .double(2)]))]),
        .array(.byte, [.byte(0), .byte(255)]),
    ]

    /// The rich values written by hand, in the byte order asked.
    static func richMessage(bigEndian: Bool) -> [UInt8] {
        HandWritten.message(bigEndian: bigEndian, signature: richSignature) { body in
            body.bytes.append(7)
            body.integer(Int16(-2))
            body.integer(UInt16(65_000))
            body.integer(Int32(-70_000))
            body.integer(UInt32(4_000_000_000))
            body.integer(Int64.min)
            body.integer(UInt64.max)
            body.integer((-1.5e300).bitPattern)
            body.string("héllo ☀️")
            body.string("/org/feels/Tips")
            body.signature("a{sv}")
            body.integer(UInt32(1))
            body.array(alignment: 8) { entries in
                entries.pad(8)
                entries.string("count")
                entries.signature("u")
                entries.integer(UInt32(3))
                entries.pad(8)
                entries.string("words")
                entries.signature("as")
                entries.array(alignment: 4) { strings in
                    strings.string("a")
                    strings.string("bc")
                }
            }
            body.pad(8)
            body.integer(Int16(5))
            body.signature("(yd)")
            body.pad(8)
            body.bytes.append(1)
            body.integer(Double(2).bitPattern)
            body.array(alignment: 1) { bytes in bytes.bytes += [0, 255] }
        }
    }

    @Test(arguments: [false, true])
    func everyTypeIsReadInEitherByteOrder(bigEndian: Bool) throws {
        #expect(try Self.read(Self.richMessage(bigEndian: bigEndian), signature: Self.richSignature) == Self.richValues)
    }

    @Test func theHandWrittenMessageIsWhatLibdbusWritesForTheSameValues() throws {
        let message = try DBusMessage.signal(path: "/t", interface: "org.feels.Test1", member: "V")
        try message.append(Self.richValues)
        #expect(
            try LibDBusReference.bytes(of: message).dropFirst(12) == Self.richMessage(bigEndian: false).dropFirst(12))
        #expect(try message.arguments == Self.richValues)
    }

    /// Bytes that do not match their signature, each with what makes it wrong.
    static let mismatches: [(String, String, @Sendable (inout HandWritten) -> Void)] = [
        ("a string whose length runs past the body", "s", { $0.integer(UInt32(1000)) }),
        (
            "a string without its NUL", "s",
            { body in
                body.integer(UInt32(2))
                body.bytes += [65, 66, 67, 0]
            }
        ),
        (
            "a string that is not UTF-8", "s",
            { body in
                body.integer(UInt32(2))
                body.bytes += [0xFF, 0xFE, 0]
            }
        ),
        (
            "a string holding NUL", "s",
            { body in
                body.integer(UInt32(3))
                body.bytes += [65, 0, 66, 0]
            }
        ),
        ("an object path ending in /", "o", { $0.string("/a/") }),
        ("a signature of an unknown type", "g", { $0.signature("z") }),
        (
            "padding that is not zero", "yu",
            { body in
                body.bytes += [1, 0, 7, 0]
                body.integer(UInt32(1))
            }
        ),
        (
            "an a{sv} whose key is not UTF-8", "a{sv}",
            { body in
                body.array(alignment: 8) { entries in
                    entries.integer(UInt32(1))
                    entries.bytes += [0xFF, 0]
                    entries.signature("u")
                    entries.integer(UInt32(1))
                }
            }
        ),
        (
            "an a{sv} whose variant holds two types", "a{sv}",
            { body in
                body.array(alignment: 8) { entries in
                    entries.string("k")
                    entries.signature("uu")
                    entries.integer(UInt32(1))
                    entries.integer(UInt32(2))
                }
            }
        ),
        (
            "an a{sv} with padding that is not zero before an entry", "a{sv}",
            { body in
                body.array(alignment: 8) { entries in
                    entries.string("k")
                    entries.signature("y")
                    entries.bytes.append(1)
                    entries.bytes += [0, 0, 9]
                    entries.pad(8)
                    entries.string("l")
                    entries.signature("y")
                    entries.bytes.append(2)
                }
            }
        ),
        ("a boolean of 2", "b", { $0.integer(UInt32(2)) }),
        (
            "an array longer than the body", "ai",
            { body in
                body.integer(UInt32(64))
                body.integer(Int32(1))
            }
        ),
        (
            "an array cutting an element in half", "ai",
            { body in
                body.integer(UInt32(6))
                body.integer(Int64(1))
            }
        ),
        (
            "a dictionary cutting an entry", "a{yy}",
            { body in
                body.integer(UInt32(1))
                body.pad(8)
                body.bytes += [1, 2]
            }
        ),
        (
            "a variant of two types", "v",
            { body in
                body.signature("yy")
                body.bytes += [1, 2]
            }
        ),
        (
            "a variant of an unknown type", "v",
            { body in
                body.signature("z")
                body.bytes += [1]
            }
        ),
        ("a variant whose signature runs past the body", "v", { $0.bytes += [200, 65] }),
        (
            "a body ending inside an integer", "t",
            { body in
                body.pad(8)
                body.bytes += [1, 2, 3]
            }
        ),
        (
            "a structure with no end", "(i",
            { body in
                body.pad(8)
                body.integer(Int32(1))
            }
        ),
        ("an empty structure", "()", { $0.pad(8) }),
        (
            "a dictionary entry with no end", "a{ii",
            { body in
                body.integer(UInt32(0))
                body.pad(8)
            }
        ),
        (
            "variants nested past any limit", "v",
            { body in
                for _ in 0..<200 { body.signature("v") }
                body.signature("y")
                body.bytes.append(1)
            }
        ),
    ]

    @Test(arguments: 0..<mismatches.count)
    func bytesThatDoNotMatchTheirSignatureAreAnErrorNotACrash(_ index: Int) {
        let (what, signature, body) = Self.mismatches[index]
        let bytes = HandWritten.message(bigEndian: false, signature: signature, body)
        #expect(throws: DBusError.self, "\(what)") { try Self.read(bytes, signature: signature) }
    }

    /// `bytes` parsed as the connection parses what it reads: the values of a call, `nil` for any other message,
    /// whose body is checked without its values being made.
    static func parsed(_ bytes: [UInt8]) -> Result<[DBusValue]?, DBusError> {
        bytes.withUnsafeBytes { message in
            Result { () throws(DBusError) in try WireMessage.parsed(message).values }
        }
    }

    /// The same message as a method call (the hand-written messages are signals).
    static func call(_ bytes: [UInt8]) -> [UInt8] {
        var call = bytes
        call[1] = WireMessage.Kind.methodCall.rawValue
        return call
    }

    /// A call's values are made as it is read; a signal's (or a reply's) body is only checked, by the same walk, and
    /// read when asked for: both give the same values and refuse the same bytes with the same error.
    @Test(arguments: [false, true])
    func aCallsValuesAreMadeAsItIsReadAnyOtherMessagesWhenAskedFor(bigEndian: Bool) throws {
        let signal = Self.richMessage(bigEndian: bigEndian)
        #expect(try Self.parsed(Self.call(signal)).get() == Self.richValues)
        #expect(try Self.parsed(signal).get() == nil)
        #expect(try Self.read(signal, signature: Self.richSignature) == Self.richValues)
        for (what, signature, body) in Self.mismatches {
            let spoiled = HandWritten.message(bigEndian: bigEndian, signature: signature, body)
            let checked = Self.parsed(spoiled)
            let made = Self.parsed(Self.call(spoiled))
            guard case .failure(let error) = checked, case .failure(let same) = made else {
                Issue.record("\(what): checked \(checked), made \(made)")
                continue
            }
            #expect(error == same, "\(what)")
        }
    }

    @Test func aBodyLengthThatDisagreesWithTheMessageIsAnError() throws {
        var bytes = HandWritten.message(bigEndian: false, signature: "u") { $0.integer(UInt32(1)) }
        bytes.append(0)
        #expect(throws: DBusError.self) { try Self.read(bytes, signature: "u") }
        #expect(throws: DBusError.self) { try Self.read(Array(bytes.prefix(12)), signature: "u") }
        bytes[0] = UInt8(ascii: "X")
        #expect(throws: DBusError.self) { try Self.read(bytes, signature: "u") }
    }

    /// The word-at-a-time ASCII check, which lets a name be made into text without the standard library's generic
    /// validation, against the byte-at-a-time rule it stands for: every length around a word, a NUL or a byte of
    /// 0x80 or more at every place, and text that is UTF-8 but not ASCII still read (and NUL still refused) by the
    /// slower way.
    @Test func asciiTextIsTakenAsItIsAndAnythingElseGoesTheLongWay() throws {
        func rule(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { (1...127).contains($0) } }
        func fast(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { WireReader.isASCIIWithoutNUL($0) } }
        for length in 0...24 {
            let plain = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(fast(plain) == rule(plain))
            for place in 0..<length {
                for odd: UInt8 in [0, 1, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[place] = odd
                    #expect(fast(bytes) == rule(bytes), "\(bytes)")
                }
            }
        }
        let words = ["", "SiriShortcutTip", "Réglages · 設定 🙂"]
        for word in words {
            let bytes = HandWritten.message(bigEndian: false, signature: "s") { $0.string(word) }
            #expect(try Self.read(bytes, signature: "s") == [.string(word)])
        }
        for spoiled: [UInt8] in [
            [0x61, 0x00, 0x62], [0x61, 0xC3], [0xFF, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61],
        ] {
            let bytes = HandWritten.message(bigEndian: false, signature: "s") { body in
                body.integer(UInt32(spoiled.count))
                body.bytes += spoiled
                body.bytes.append(0)
            }
            #expect(throws: DBusError.self, "\(spoiled)") { try Self.read(bytes, signature: "s") }
        }
    }

    @Test func aUnixFileDescriptorIsUnsupported() {
        let bytes = HandWritten.message(bigEndian: false, signature: "h") { $0.integer(UInt32(0)) }
        #expect(throws: DBusError.unsupportedType("h (unix file descriptor)")) { try Self.read(bytes, signature: "h") }
    }
}
