/// A whole message in D-Bus's wire format: the fixed header, the header fields and the body, read from a peer's bytes
/// with every check the specification asks of a receiver, and written for sending.
///
/// The first layer of the binding's own wire, under the transport and the connection (docs/DESIGN.md, "The wire").
struct WireMessage: Equatable {
    /// The four kinds of message and their codes on the wire.
    enum Kind: UInt8 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// The header's flags.
    struct Flags: OptionSet, Equatable {
        let rawValue: UInt8
        static let noReplyExpected = Flags(rawValue: 1)
        static let noAutoStart = Flags(rawValue: 2)
        static let allowInteractiveAuthorization = Flags(rawValue: 4)
    }

    var kind: Kind
    var flags: Flags = []
    /// Nonzero once the message is numbered for sending; a peer's message always has one.
    var serial: UInt32 = 0
    var path: ObjectPath?
    var interface: InterfaceName?
    var member: MemberName?
    var errorName: ErrorName?
    var replySerial: UInt32?
    var destination: String?
    var sender: String?
    /// The body's signature, `""` for an empty body.
    var signature: String = ""
    /// The body in the wire format, in `bigEndian` order, its offsets counted from a boundary of 8.
    var body: [UInt8] = []
    /// The byte order of the body: a peer may send either; this binding writes little-endian.
    var bigEndian = false

    /// The header field codes.
    private enum Field: UInt8 {
        case path = 1
        case interface = 2
        case member = 3
        case errorName = 4
        case replySerial = 5
        case destination = 6
        case sender = 7
        case signature = 8
        case unixFDs = 9
    }

    /// A message of `kind` to fill in and send.
    init(kind: Kind, flags: Flags = [], serial: UInt32 = 0) {
        self.kind = kind
        self.flags = flags
        self.serial = serial
    }

    /// The length of the whole message whose first bytes `bytes` are, once its fixed header is there (16 bytes);
    /// `nil` before.
    ///
    /// - Throws: `DBusError.invalidMessage` for a byte order, protocol version or length D-Bus does not allow: the
    ///   connection cannot find the next message after it.
    static func length(ofMessageStarting bytes: UnsafeRawBufferPointer) throws(DBusError) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let bigEndian = try byteOrder(bytes[0])
        guard bytes[3] == 1 else { throw .invalidMessage("protocol version \(bytes[3]), not 1") }
        let bodyLength = Int(load(UInt32.self, bytes, at: 4, bigEndian: bigEndian))
        let fieldsLength = Int(load(UInt32.self, bytes, at: 12, bigEndian: bigEndian))
        guard fieldsLength <= WireLimits.maximumArrayLength else {
            throw .invalidMessage("header fields of \(fieldsLength) bytes")
        }
        let total = (16 + fieldsLength + 7) & ~7 + bodyLength
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        return total
    }

    /// Reads and checks the message that is exactly `bytes`: its header, each field's type and value, the fields its
    /// kind requires, and its body against its signature.
    ///
    /// - Throws: `DBusError.invalidMessage` with the reason, `.messageTooLarge` past 128 MiB,
    ///   `.unsupportedType` for a body carrying unix file descriptors.
    init(parsing bytes: UnsafeRawBufferPointer) throws(DBusError) {
        self = try Self.parsed(bytes).message
    }

    /// ``init(parsing:)``, with the body's values of a method call, read as they were checked; header fields whose
    /// bytes `names` kept are taken from it rather than checked again, and those checked are kept there.
    ///
    /// A call is served as soon as it is read, so its values are made at once. The body of any other message (a
    /// reply, an error, a signal) is checked as strictly but its values are not made: `nil`, for ``values()`` to
    /// read if they are asked for. A client waiting for a reply then does not build, as the reply arrives, values it
    /// may never look at (the seven tips of a `GetTips` reply are 8 KB of nested dictionaries).
    ///
    /// - Throws: As ``init(parsing:)``.
    static func parsed(_ bytes: UnsafeRawBufferPointer, names: HeaderFieldCache? = nil) throws(DBusError) -> (
        message: WireMessage, values: [DBusValue]?
    ) {
        var message = WireMessage(kind: .methodCall)
        let values = try message.parse(bytes, names: names)
        return (message, values)
    }

    /// Reads `bytes` into this message; the body's values for a method call, `nil` (checked, not made) otherwise.
    private mutating func parse(_ bytes: UnsafeRawBufferPointer, names: HeaderFieldCache?) throws(DBusError)
        -> [DBusValue]?
    {
        guard let total = try Self.length(ofMessageStarting: bytes) else {
            throw .invalidMessage("a message shorter than its fixed header")
        }
        guard total == bytes.count else { throw .invalidMessage("\(bytes.count) bytes for a message of \(total)") }
        bigEndian = try Self.byteOrder(bytes[0])
        guard let kind = Kind(rawValue: bytes[1]) else { throw .invalidMessage("unknown message type \(bytes[1])") }
        self.kind = kind
        flags = Flags(rawValue: bytes[2] & 7)
        serial = Self.load(UInt32.self, bytes, at: 8, bigEndian: bigEndian)
        guard serial != 0 else { throw .invalidMessage("serial 0") }
        var seen: UInt64 = 0
        let fieldsEnd = try WireReader.headerFields(of: bytes, bigEndian: bigEndian) { code, field throws(DBusError) in
            // The specification ignores fields it does not know, but for 0, "an error if it appears in a message".
            guard code != 0 else { throw .invalidMessage("header field 0, which no message may hold") }
            // A field the specification defines may appear once; one it does not, ignored, as often as it comes.
            if Field(rawValue: code) != nil {
                guard seen & (1 << code) == 0 else { throw .invalidMessage("header field \(code) twice") }
                seen |= 1 << code
            }
            switch field {
            case .value(let value):
                try self.take(field: code, value)
            case .text(let type, let content):
                if let names, let text = names.text(code: code, type: type, bytes: content),
                    self.takeKept(field: code, text)
                {
                    return
                }
                let value = try WireReader.checkedText(content, type: type)
                try self.take(field: code, value)
                if let names, let text = value.textValue, Field(rawValue: code) != nil {
                    names.keep(text, code: code, type: type, bytes: content)
                }
            }
        }
        let bodyStart = (fieldsEnd + 7) & ~7
        guard bytes[fieldsEnd..<bodyStart].allSatisfy({ $0 == 0 }) else {
            throw .invalidMessage("padding that is not zero")
        }
        try checkRequiredFields()
        body = Array(bytes[bodyStart...])
        guard kind == .methodCall else {
            try checkValues()
            return nil
        }
        return try values()
    }

    /// Who to answer for a method call the binding cannot read: its serial and its sender.
    struct Caller: Equatable {
        let serial: UInt32
        let sender: String
    }

    /// The caller of the message `bytes`, framed but perhaps not readable otherwise, when it is a method call that
    /// expects a reply and its serial and sender can be read: so that it can be told its call was refused rather than
    /// wait for its timeout.
    static func caller(of bytes: UnsafeRawBufferPointer) -> Caller? {
        guard bytes.count >= 16, let bigEndian = try? byteOrder(bytes[0]), bytes[1] == Kind.methodCall.rawValue,
            bytes[2] & Flags.noReplyExpected.rawValue == 0
        else { return nil }
        let serial = load(UInt32.self, bytes, at: 8, bigEndian: bigEndian)
        var sender: String?
        _ = try? WireReader.headerFields(of: bytes, bigEndian: bigEndian) { code, field throws(DBusError) in
            guard code == Field.sender.rawValue, case .text(let type, let content) = field,
                type == UInt8(ascii: "s"), let value = try? WireReader.checkedText(content, type: type),
                let text = value.textValue, (try? BusName(text)) != nil
            else { return }
            sender = text
        }
        guard serial != 0, let sender else { return nil }
        return Caller(serial: serial, sender: sender)
    }

    /// The body's values, checked as a peer's are.
    ///
    /// - Throws: `DBusError.invalidMessage` for a body that does not hold its signature's values, or holds more.
    func values() throws(DBusError) -> [DBusValue] {
        let order = bigEndian
        let (values, end, count) = try Array(signature.utf8).withUnsafeBytes { signature in
            body.withUnsafeBytes { bytes in
                Result { () throws(DBusError) in
                    let (values, end) = try WireReader.values(
                        of: bytes, signature: signature, at: 0, bigEndian: order)
                    return (values, end, bytes.count)
                }
            }
        }.get()
        guard end == count else { throw .invalidMessage("\(count - end) bytes after the body's values") }
        return values
    }

    /// Checks the body as ``values()`` reads it, without making the values.
    ///
    /// - Throws: As ``values()``, for the same bytes.
    func checkValues() throws(DBusError) {
        let order = bigEndian
        let (end, count) = try Array(signature.utf8).withUnsafeBytes { signature in
            body.withUnsafeBytes { bytes in
                Result { () throws(DBusError) in
                    (try WireReader.check(bytes, signature: signature, at: 0, bigEndian: order), bytes.count)
                }
            }
        }.get()
        guard end == count else { throw .invalidMessage("\(count - end) bytes after the body's values") }
    }

    /// The message's bytes: the fixed header, its fields in the specification's order of codes, and the body.
    ///
    /// - Throws: As ``header(into:)``.
    func serialized() throws(DBusError) -> [UInt8] {
        var wire = WireBytes(capacity: 256)
        try header(into: &wire)
        wire.append(contentsOf: body)
        return wire.finished()
    }

    /// Writes the bytes before the body into `wire`, which must be empty: the fixed header and the fields in the
    /// specification's order of codes, padded to 8 bytes, the body's length in them; a connection sends them and the
    /// body as they are, without joining them, from a `wire` it keeps for every message.
    ///
    /// - Throws: `DBusError.invalidMessage` for a message without a serial or a field its kind needs, or with a
    ///   big-endian body; `.messageTooLarge` past 128 MiB.
    func header(into wire: inout WireBytes) throws(DBusError) {
        guard serial != 0 else { throw .invalidMessage("a message to send needs a serial") }
        guard !bigEndian else { throw .invalidMessage("this binding writes little-endian bodies only") }
        try checkRequiredFields()
        wire.append(byte: UInt8(ascii: "l"))
        wire.append(byte: kind.rawValue)
        wire.append(byte: flags.rawValue)
        wire.append(byte: 1)
        wire.append(UInt32(body.count))
        wire.append(serial)
        let array = wire.beginArray(elementAlignment: 8)
        if let path { try wire.headerField(Field.path.rawValue, "o", string: path.rawValue) }
        if let interface { try wire.headerField(Field.interface.rawValue, "s", string: interface.rawValue) }
        if let member { try wire.headerField(Field.member.rawValue, "s", string: member.rawValue) }
        if let errorName { try wire.headerField(Field.errorName.rawValue, "s", string: errorName.rawValue) }
        if let replySerial {
            wire.pad(to: 8)
            wire.append(byte: Field.replySerial.rawValue)
            wire.append(signature: "u")
            wire.append(replySerial)
        }
        if let destination { try wire.headerField(Field.destination.rawValue, "s", string: destination) }
        if let sender { try wire.headerField(Field.sender.rawValue, "s", string: sender) }
        try wire.finishMessage(fields: array, signature: signature, body: UnsafeRawBufferPointer(start: nil, count: 0))
        guard wire.count + body.count <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: wire.count + body.count, limit: WireLimits.maximumMessageLength)
        }
    }

    /// Records the header field `code`, checking its type and its value.
    private mutating func take(field code: UInt8, _ value: DBusValue) throws(DBusError) {
        guard let field = Field(rawValue: code) else { return }  // The specification: ignore fields you do not know.
        func text(_ type: String) throws(DBusError) -> String {
            switch (type, value) {
            case ("s", .string(let text)): return text
            case ("o", .objectPath(let path)): return path.rawValue
            case ("g", .signature(let signature)): return signature.rawValue
            default: throw .invalidMessage("header field \(code) of signature \(value.signatureText), not \(type)")
            }
        }
        func number() throws(DBusError) -> UInt32 {
            guard case .uint32(let number) = value else {
                throw .invalidMessage("header field \(code) of signature \(value.signatureText), not u")
            }
            return number
        }
        do throws(DBusError) {
            switch field {
            case .path:
                path = try ObjectPath(text("o"))
                guard path?.rawValue != "/org/freedesktop/DBus/Local" else {
                    throw .invalidMessage("the path reserved for libdbus's local messages")
                }
            case .interface:
                interface = try InterfaceName(text("s"))
                guard interface?.rawValue != "org.freedesktop.DBus.Local" else {
                    throw .invalidMessage("the interface reserved for libdbus's local messages")
                }
            case .member: member = try MemberName(text("s"))
            case .errorName: errorName = try ErrorName(text("s"))
            case .replySerial:
                replySerial = try number()
                guard replySerial != 0 else { throw .invalidMessage("reply serial 0") }
            case .destination: destination = try BusName(text("s")).rawValue
            case .sender: sender = try BusName(text("s")).rawValue
            case .signature:
                signature = try text("g")
                if signature.utf8.contains(UInt8(ascii: "h")) { throw .unsupportedType("h (unix file descriptor)") }
            case .unixFDs:
                if try number() != 0 { throw .unsupportedType("h (unix file descriptor)") }
            }
        } catch {
            switch error {
            case .invalidMessage, .unsupportedType: throw error
            default: throw .invalidMessage("header field \(code): \(error)")
            }
        }
    }

    /// Records the header field `code` from text checked for it before (``HeaderFieldCache``); `false` for a field
    /// that holds no text.
    private mutating func takeKept(field code: UInt8, _ text: String) -> Bool {
        switch Field(rawValue: code) {
        case .path: path = ObjectPath(unchecked: text)
        case .interface: interface = InterfaceName(unchecked: text)
        case .member: member = MemberName(unchecked: text)
        case .errorName: errorName = ErrorName(unchecked: text)
        case .destination: destination = text
        case .sender: sender = text
        case .signature: signature = text
        case .replySerial, .unixFDs, nil: return false
        }
        return true
    }

    /// The fields the specification requires of each kind of message.
    private func checkRequiredFields() throws(DBusError) {
        let missing: String?
        switch kind {
        case .methodCall: missing = path == nil ? "path" : member == nil ? "member" : nil
        case .methodReturn: missing = replySerial == nil ? "reply serial" : nil
        case .error: missing = errorName == nil ? "error name" : replySerial == nil ? "reply serial" : nil
        case .signal:
            missing = path == nil ? "path" : interface == nil ? "interface" : member == nil ? "member" : nil
        }
        if let missing { throw .invalidMessage("a \(kind) without a \(missing)") }
    }

    private static func byteOrder(_ byte: UInt8) throws(DBusError) -> Bool {
        switch byte {
        case UInt8(ascii: "l"): return false
        case UInt8(ascii: "B"): return true
        default: throw .invalidMessage("unknown byte order \(byte)")
        }
    }

    private static func load<Integer: FixedWidthInteger>(
        _: Integer.Type, _ bytes: UnsafeRawBufferPointer, at offset: Int, bigEndian: Bool
    ) -> Integer {
        let stored = bytes.loadUnaligned(fromByteOffset: offset, as: Integer.self)
        return bigEndian ? Integer(bigEndian: stored) : Integer(littleEndian: stored)
    }
}
