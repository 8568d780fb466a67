import Glibc

/// A D-Bus message: a method call, method return, error or signal.
///
/// Not thread-safe: use a message from one thread at a time.
public final class DBusMessage {
    /// The header and the body as they go on the wire.
    var wire: WireMessage
    /// The body's values, once known: a call's, read as its message was checked; any other message's, once asked for.
    private var knownArguments: [DBusValue]?

    /// A message holding `wire`.
    init(_ wire: WireMessage) {
        self.wire = wire
    }

    /// A message received, holding `wire` and the values its body was found to hold, if they were made as it was
    /// checked.
    init(_ wire: WireMessage, arguments: [DBusValue]?) {
        self.wire = wire
        knownArguments = arguments
    }

    /// A copy of this message, body included, not yet numbered for sending: the body's bytes are shared until one of
    /// the two is appended to.
    func copied() -> DBusMessage {
        var copy = wire
        copy.serial = 0
        return DBusMessage(copy)
    }

    /// Addresses a method return copied from a template (``copied()``) to the caller of `call`.
    ///
    /// - Throws: `DBusError.invalidMessage` for a call never sent, which has no serial to answer.
    func address(asReplyTo call: DBusMessage) throws(DBusError) {
        try call.checkAnswerable()
        wire.replySerial = call.wire.serial
        wire.destination = call.wire.sender
    }

    /// Refuses to answer a message with no serial, one never sent.
    private func checkAnswerable() throws(DBusError) {
        guard wire.serial != 0 else {
            throw .invalidMessage("a message never sent has no serial to answer")
        }
    }

    // MARK: - Constructors

    /// A method call message.
    ///
    /// - Parameters:
    ///   - destination: The bus name to call, or `nil` on a peer-to-peer connection.
    ///   - path: The object to call.
    ///   - interface: The interface of the method, or `nil` to let the peer pick.
    ///   - member: The method name.
    /// - Throws: Nothing today; kept so that a message that cannot be built can say why.
    public static func methodCall(
        destination: BusName?, path: ObjectPath, interface: InterfaceName?, member: MemberName
    ) throws(DBusError) -> DBusMessage {
        var wire = WireMessage(kind: .methodCall)
        wire.destination = destination?.rawValue
        wire.path = path
        wire.interface = interface
        wire.member = member
        return DBusMessage(wire)
    }

    /// A signal message.
    ///
    /// - Parameters:
    ///   - path: The object emitting the signal.
    ///   - interface: The interface declaring the signal.
    ///   - member: The signal name.
    /// - Throws: Nothing today; kept so that a message that cannot be built can say why.
    public static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName) throws(DBusError)
        -> DBusMessage
    {
        // A signal expects no reply.
        var wire = WireMessage(kind: .signal, flags: .noReplyExpected)
        wire.path = path
        wire.interface = interface
        wire.member = member
        return DBusMessage(wire)
    }

    /// A method return answering `call`.
    ///
    /// - Throws: `DBusError.invalidMessage` for a call never sent, which has no serial to answer.
    public static func methodReturn(replyingTo call: DBusMessage) throws(DBusError) -> DBusMessage {
        try call.checkAnswerable()
        // A reply expects none, as libdbus and sd-bus mark theirs.
        var wire = WireMessage(kind: .methodReturn, flags: .noReplyExpected)
        wire.replySerial = call.wire.serial
        wire.destination = call.wire.sender
        return DBusMessage(wire)
    }

    /// An error reply answering `call`.
    ///
    /// - Parameters:
    ///   - call: The method call being answered.
    ///   - name: The error name.
    ///   - message: A human-readable message; NUL characters are dropped, since D-Bus strings cannot carry them.
    /// - Throws: `DBusError.invalidMessage` for a call never sent, which has no serial to answer.
    public static func error(replyingTo call: DBusMessage, name: ErrorName, message: String) throws(DBusError)
        -> DBusMessage
    {
        try call.checkAnswerable()
        var wire = WireMessage(kind: .error, flags: .noReplyExpected)
        wire.errorName = name
        wire.replySerial = call.wire.serial
        wire.destination = call.wire.sender
        let reply = DBusMessage(wire)
        try reply.append([.string(message.utf8.contains(0) ? message.replacingNULs() : message)])
        return reply
    }

    // MARK: - Body

    /// The values in the message body, in order.
    ///
    /// - Throws: `DBusError.invalidMessage` for a body that does not hold its signature's values.
    public var arguments: [DBusValue] {
        get throws(DBusError) {
            if let knownArguments { return knownArguments }
            guard !wire.signature.isEmpty else { return [] }
            let values = try wire.values()
            knownArguments = values
            return values
        }
    }

    /// Appends `values` to the body, checking each value in the walk that marshals it: a string with NUL, a
    /// container whose elements do not match its signature, a type nested too deep, the size limits.
    ///
    /// Nothing is appended when a check fails.
    ///
    /// - Parameter values: The values to append.
    /// - Throws: `DBusError.invalidString` for a string with NUL, `.typeMismatch` for a container whose elements do
    ///   not match its signature, `.invalidSignature` or `.nestingTooDeep` for malformed types, `.messageTooLarge`
    ///   beyond the D-Bus size limits.
    public func append(_ values: [DBusValue]) throws(DBusError) {
        guard !values.isEmpty else { return }
        // Each value's whole signature is checked before it is written: an empty array's element signature may nest
        // too deep only once inside the array.
        var signature = wire.signature
        for value in values {
            let text = value.signatureText
            // A basic type's code is a whole signature: only a container's needs the parser (whose text may be one
            // character too: an array of nothing is "a").
            if value.basicTypeCode == nil {
                try SignatureParser.scan(text) { _ in }
            }
            signature += text
        }
        guard signature.utf8.count <= 255 else {
            throw .invalidSignature(signature, reason: "a message signature is limited to 255 bytes")
        }
        // Room at once for a reply's or a signal's usual body, rather than growing a byte at a time from nothing.
        var body = wire.body.isEmpty ? WireBytes(capacity: 256) : WireBytes(continuing: wire.body)
        for value in values {
            try value.marshal(into: &body, depth: NestingDepth())
        }
        try take(body, signature: signature)
    }

    /// Makes the body what `write` writes, whose values are of `signature`, a valid signature the caller knows
    /// (`write` makes the checks `append(_:)` would make of the values); the message had no body.
    ///
    /// - Throws: What `write` throws; `.messageTooLarge` beyond the size limits.
    func setBody(signature: String, _ write: (inout WireBytes) throws(DBusError) -> Void) throws(DBusError) {
        var body = WireBytes(capacity: 256)
        try write(&body)
        try take(body, signature: signature)
    }

    /// Makes `body`, of `signature`, the message's body, unless the message would then pass the size limit.
    private func take(_ body: consuming WireBytes, signature: String) throws(DBusError) {
        let total = body.count + headerBound(signatureLength: signature.utf8.count)
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        wire.body = body.finished()
        wire.signature = signature
        knownArguments = nil
    }

    /// Appends one value to the body; see `append(_:)` for the checks.
    ///
    /// - Throws: As `append(_:)`.
    public func append(_ value: DBusValue) throws(DBusError) {
        try append([value])
    }

    /// A method return holding `values`: a template for replies, which ``copied()`` copies and
    /// ``address(asReplyTo:)`` addresses.
    ///
    /// - Throws: As `append(_:)`.
    static func methodReturnTemplate(marshalling values: [DBusValue]) throws(DBusError) -> DBusMessage {
        let template = DBusMessage(WireMessage(kind: .methodReturn, flags: .noReplyExpected))
        try template.append(values)
        return template
    }

    /// A method return template whose body is one array of values marshalled before (``DBusMarshalledValue``), each
    /// placed as it is: none is marshalled again.
    ///
    /// - Throws: `DBusError.typeMismatch` for a part of another signature than `element`, `.messageTooLarge` beyond
    ///   the size limits.
    static func methodReturnTemplate(array element: DBusSignature, of parts: [DBusMarshalledValue]) throws(DBusError)
        -> DBusMessage
    {
        var body = WireBytes(capacity: 64 + parts.reduce(0) { $0 + $1.bytes.count })
        let array = body.beginArray(elementAlignment: DBusValue.alignment(of: element))
        for part in parts {
            guard part.signature == element else {
                throw .typeMismatch(expected: element.rawValue, actual: part.signature.rawValue)
            }
            body.append(placing: part)
            guard body.count - array.start <= WireLimits.maximumArrayLength else {
                throw .messageTooLarge(bytes: body.count - array.start, limit: WireLimits.maximumArrayLength)
            }
        }
        body.endArray(array)
        var wire = WireMessage(kind: .methodReturn, flags: .noReplyExpected)
        wire.signature = "a" + element.rawValue
        wire.body = body.finished()
        return DBusMessage(wire)
    }

    /// A signal from `path` holding `values`.
    ///
    /// - Throws: As `append(_:)`.
    static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName, marshalling values: [DBusValue])
        throws(DBusError) -> DBusMessage
    {
        let signal = try signal(path: path, interface: interface, member: member)
        try signal.append(values)
        return signal
    }

    /// A generous estimate of the message's size on the wire: the body plus a bound on the header.
    public var estimatedSize: Int {
        wire.body.count + headerBound(signatureLength: wire.signature.utf8.count)
    }

    /// A bound on the header with a signature of `signatureLength` bytes: the string fields' bytes, and 512 for the
    /// fixed part, each field's code, type and padding, the serials and the sender the bus adds.
    private func headerBound(signatureLength: Int) -> Int {
        let fields = [
            wire.path?.rawValue, wire.interface?.rawValue, wire.member?.rawValue, wire.errorName?.rawValue,
            wire.destination,
        ]
        return 512 + signatureLength + fields.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
    }
}

extension String {
    /// The string without NUL characters.
    func replacingNULs() -> String {
        String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self)
    }
}
