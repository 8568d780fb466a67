import CDBus
import Glibc

/// A D-Bus message: a method call, method return, error or signal, wrapping libdbus's `DBusMessage`.
///
/// Not thread-safe: use a message from one thread at a time.
public final class DBusMessage {
    /// The libdbus message; this object owns one reference.
    let raw: OpaquePointer
    /// The body offset after the values appended through this object, for the size limits.
    private(set) var bodyEnd = 0
    /// ``headerSizeEstimate`` but for the signature, once read.
    private var knownHeaderSizeEstimate: Int?
    /// The length of the body's signature, once this object has appended to it.
    private var signatureLength: Int?
    /// The header fields read so far (see DBusMessage+Header).
    var header = HeaderFields()

    /// Wraps `raw`, taking over the reference the caller owns.
    init(taking raw: OpaquePointer) {
        self.raw = raw
    }

    /// A copy of this message, body included, not yet sent (libdbus gives it no serial and leaves it unlocked), with
    /// what this object knows of its sizes.
    ///
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot copy it.
    func copied() throws(DBusError) -> DBusMessage {
        guard let copy = dbus_message_copy(raw) else { throw .outOfMemory }
        let message = DBusMessage(taking: copy)
        message.bodyEnd = bodyEnd
        message.signatureLength = signatureLength
        message.knownHeaderSizeEstimate = knownHeaderSizeEstimate
        message.header = header
        return message
    }

    /// Addresses a method return copied from a template (``copied()``) to the caller of `call`.
    ///
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot grow the header.
    func address(asReplyTo call: DBusMessage) throws(DBusError) {
        try call.checkAnswerable()
        guard dbus_message_set_reply_serial(raw, dbus_message_get_serial(call.raw)) != 0 else { throw .outOfMemory }
        guard let sender = dbus_message_get_sender(call.raw) else { return }
        guard dbus_message_set_destination(raw, sender) != 0 else { throw .outOfMemory }
        knownHeaderSizeEstimate = knownHeaderSizeEstimate.map { $0 + strlen(sender) }
    }

    /// Refuses to answer a message with no serial, one never sent: libdbus aborts on a reply to serial 0.
    private func checkAnswerable() throws(DBusError) {
        guard dbus_message_get_serial(raw) != 0 else {
            throw .invalidMessage("a message never sent has no serial to answer")
        }
    }

    /// Wraps `raw`, adding a reference of its own.
    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit {
        dbus_message_unref(raw)
    }

    // MARK: - Constructors

    /// A method call message.
    ///
    /// - Parameters:
    ///   - destination: The bus name to call, or `nil` on a peer-to-peer connection.
    ///   - path: The object to call.
    ///   - interface: The interface of the method, or `nil` to let the peer pick.
    ///   - member: The method name.
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot allocate the message.
    public static func methodCall(
        destination: BusName?, path: ObjectPath, interface: InterfaceName?, member: MemberName
    ) throws(DBusError) -> DBusMessage {
        let raw = withOptionalCString(destination?.rawValue) { destination in
            withOptionalCString(interface?.rawValue) { interface in
                dbus_message_new_method_call(destination, path.rawValue, interface, member.rawValue)
            }
        }
        guard let raw else { throw .outOfMemory }
        return DBusMessage(taking: raw)
    }

    /// A signal message.
    ///
    /// - Parameters:
    ///   - path: The object emitting the signal.
    ///   - interface: The interface declaring the signal.
    ///   - member: The signal name.
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot allocate the message.
    public static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName) throws(DBusError)
        -> DBusMessage
    {
        guard let raw = dbus_message_new_signal(path.rawValue, interface.rawValue, member.rawValue) else {
            throw .outOfMemory
        }
        return DBusMessage(taking: raw)
    }

    /// A method return answering `call`.
    ///
    /// - Throws: `DBusError.invalidMessage` for a call never sent (libdbus aborts on a reply to serial 0),
    ///   `.outOfMemory` when libdbus cannot allocate the message.
    public static func methodReturn(replyingTo call: DBusMessage) throws(DBusError) -> DBusMessage {
        try call.checkAnswerable()
        guard let raw = dbus_message_new_method_return(call.raw) else { throw .outOfMemory }
        let reply = DBusMessage(taking: raw)
        // A return's header holds the caller's name and no path, interface, member or error name: its bound is known
        // without asking libdbus for each (five walks of the header, 4,000 instructions a reply).
        reply.knownHeaderSizeEstimate = Self.headerBound(fieldBytes: call.sender?.utf8.count ?? 0)
        return reply
    }

    /// An error reply answering `call`.
    ///
    /// - Parameters:
    ///   - call: The method call being answered.
    ///   - name: The error name.
    ///   - message: A human-readable message; NUL characters are dropped, since D-Bus strings cannot carry them.
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot allocate the message.
    public static func error(replyingTo call: DBusMessage, name: ErrorName, message: String) throws(DBusError)
        -> DBusMessage
    {
        let text = message.utf8.contains(0) ? message.replacingNULs() : message
        guard let raw = dbus_message_new_error(call.raw, name.rawValue, text) else { throw .outOfMemory }
        let reply = DBusMessage(taking: raw)
        reply.knownHeaderSizeEstimate = Self.headerBound(
            fieldBytes: (call.sender?.utf8.count ?? 0) + name.rawValue.utf8.count)
        return reply
    }

    // MARK: - Body

    /// The values in the message body, in order.
    ///
    /// - Throws: `DBusError.unsupportedType` when the body carries unix file descriptors.
    public var arguments: [DBusValue] {
        get throws(DBusError) {
            guard let signature = dbus_message_get_signature(raw), signature.pointee != 0 else { return [] }
            // One copy of the message's bytes, read by this binding: libdbus's iterators cost a call each value.
            var bytes: UnsafeMutablePointer<CChar>?
            var length: Int32 = 0
            guard dbus_message_marshal(raw, &bytes, &length) != 0, let bytes else { throw .outOfMemory }
            defer { dbus_free(bytes) }
            return try WireReader.values(
                of: UnsafeRawBufferPointer(start: bytes, count: Int(length)),
                signature: UnsafeRawBufferPointer(start: signature, count: strlen(signature)))
        }
    }

    /// Appends `values` to the body, after checking everything libdbus would otherwise abort on.
    ///
    /// Nothing is appended when a check fails.
    ///
    /// - Parameter values: The values to append.
    /// - Throws: `DBusError.invalidString` for a string with NUL, `.typeMismatch` for a container whose elements do
    ///   not match its signature, `.invalidSignature` or `.nestingTooDeep` for malformed types, `.messageTooLarge`
    ///   beyond the D-Bus size limits, `.outOfMemory` when libdbus cannot grow the message.
    public func append(_ values: [DBusValue]) throws(DBusError) {
        var end = bodyEnd
        var signature = self.signature
        for value in values {
            let valueSignature = value.signatureText
            _ = try DBusSignature(valueSignature)
            signature += valueSignature
            end = try value.checkedEnd(at: end)
        }
        guard signature.utf8.count <= 255 else {
            throw .invalidSignature(signature, reason: "a message signature is limited to 255 bytes")
        }
        let total = end + headerSizeEstimate(signatureLength: signature.utf8.count)
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in values {
            guard value.append(to: &iter) else { throw .outOfMemory }
        }
        signatureLength = signature.utf8.count
        header.signature = nil
        bodyEnd = end
    }

    /// Appends `values` to a message this binding builds and sends itself (a reply, a signal), checking each value
    /// in the same walk that marshals it: the checks of `append(_:)`, at half the cost.
    ///
    /// - Throws: As `append(_:)`; the message is then unusable and must be discarded.
    func appendInOnePass(_ values: [DBusValue]) throws(DBusError) {
        // Each value's whole signature is checked before libdbus builds it: an empty array's element signature may
        // nest too deep only once inside the array, and libdbus cannot take a body signature over 255 bytes.
        let signatures = values.map(\.signatureText)
        for text in signatures {
            try SignatureParser.scan(text) { _ in }
        }
        // A header field costs libdbus a walk of the header to find: an empty body has the empty signature.
        let signature = (bodyEnd == 0 ? "" : self.signature) + signatures.joined()
        guard signature.utf8.count <= 255 else {
            throw .invalidSignature(signature, reason: "a message signature is limited to 255 bytes")
        }
        signatureLength = signature.utf8.count
        header.signature = nil
        var end = bodyEnd
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in values {
            end = try value.appendChecked(to: &iter, at: end, depth: NestingDepth())
        }
        let total = end + headerSizeEstimate(signatureLength: signature.utf8.count)
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        bodyEnd = end
    }

    /// A method return holding `values`, marshalled by this binding (``WireBytes``) and handed to libdbus whole: a
    /// template for replies, which ``copied()`` gives no serial and ``address(asReplyTo:)`` addresses. Its header
    /// has the no-reply flag and a placeholder reply serial, as libdbus loads no method return without one.
    ///
    /// - Throws: As `append(_:)`; `DBusError.invalidMessage` with libdbus's reason should it refuse the bytes.
    static func methodReturnTemplate(marshalling values: [DBusValue]) throws(DBusError) -> DBusMessage {
        let (body, signature) = try marshalledBody(values)
        return try methodReturnTemplate(body: body, signature: signature)
    }

    /// `values` written in the wire format as a message's body, each signature checked whole first, and the body's
    /// signature.
    private static func marshalledBody(_ values: [DBusValue]) throws(DBusError) -> (WireBytes, String) {
        let signatures = values.map(\.signatureText)
        for text in signatures {
            try SignatureParser.scan(text) { _ in }
        }
        var body = WireBytes(capacity: 512)
        for value in values {
            try value.marshal(into: &body, depth: NestingDepth())
        }
        return (body, signatures.joined())
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
        return try methodReturnTemplate(body: body, signature: "a" + element.rawValue)
    }

    /// A signal from `path` holding `values`, marshalled by this binding (``WireBytes``) and handed to libdbus whole,
    /// as a reply template is: libdbus's type writer rewrites the header's signature at every container it closes,
    /// which made a `PropertiesChanged` of one count cost some 68,000 instructions (docs/BENCHMARKS.md). It has the
    /// no-reply flag, as libdbus gives every signal, and no serial yet: the connection gives it one as it sends it.
    ///
    /// - Throws: As `append(_:)`; `DBusError.invalidMessage` with libdbus's reason should it refuse the bytes.
    static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName, marshalling values: [DBusValue])
        throws(DBusError) -> DBusMessage
    {
        let (body, signature) = try marshalledBody(values)
        let loaded = try loaded(type: UInt8(CDBUS_MESSAGE_TYPE_SIGNAL), body: body, signature: signature) {
            fields throws(DBusError) in
            try fields.headerField(UInt8(CDBUS_HEADER_FIELD_PATH), "o", string: path.rawValue)
            try fields.headerField(UInt8(CDBUS_HEADER_FIELD_INTERFACE), "s", string: interface.rawValue)
            try fields.headerField(UInt8(CDBUS_HEADER_FIELD_MEMBER), "s", string: member.rawValue)
        }
        // The copy drops the placeholder serial libdbus needed to load it.
        return try loaded.copied()
    }

    /// The method return template around `body`, whose values' signatures are `signature` (checked).
    private static func methodReturnTemplate(body: WireBytes, signature: String) throws(DBusError) -> DBusMessage {
        try loaded(type: UInt8(CDBUS_MESSAGE_TYPE_METHOD_RETURN), body: body, signature: signature) {
            fields throws(DBusError) in
            fields.pad(to: 8)
            fields.append(byte: UInt8(CDBUS_HEADER_FIELD_REPLY_SERIAL))
            fields.append(signature: "u")
            fields.append(UInt32(1))
        }
    }

    /// The message of `type` around `body`, whose values' signatures are `signature` (checked), with the header
    /// fields `fields` writes before the signature's, loaded by libdbus (which checks it all as it checks a peer's
    /// message). It expects no reply and has serial 1, which libdbus needs to load it and which its copies drop.
    private static func loaded(
        type: UInt8, body: WireBytes, signature: String, fields: (inout WireBytes) throws(DBusError) -> Void
    ) throws(DBusError) -> DBusMessage {
        guard signature.utf8.count <= 255 else {
            throw .invalidSignature(signature, reason: "a message signature is limited to 255 bytes")
        }
        var message = WireBytes(capacity: 256 + body.count)
        // 'l' for little-endian, the type, no reply expected, protocol version 1; the body's length; serial 1.
        for byte in [UInt8(ascii: "l"), type, 1, 1] {
            message.append(byte: byte)
        }
        message.append(UInt32(body.count))
        message.append(UInt32(1))
        let array = message.beginArray(elementAlignment: 8)
        try fields(&message)
        try body.withUnsafeBytes { body in
            Result { () throws(DBusError) in try message.finishMessage(fields: array, signature: signature, body: body)
            }
        }.get()
        let loaded = try message.withUnsafeBytes { bytes in
            Result { () throws(DBusError) in try demarshalled(bytes) }
        }.get()
        loaded.bodyEnd = body.count
        loaded.signatureLength = signature.utf8.count
        return loaded
    }

    /// The message libdbus loads from `bytes`, checking them as it checks a peer's: the reference `WireMessage` is
    /// tested against.
    ///
    /// - Throws: `DBusError.invalidMessage` with libdbus's reason.
    static func demarshalled(_ bytes: [UInt8]) throws(DBusError) -> DBusMessage {
        try bytes.withUnsafeBytes { bytes in Result { () throws(DBusError) in try demarshalled(bytes) } }.get()
    }

    /// ``demarshalled(_:)`` of bytes in place.
    private static func demarshalled(_ bytes: UnsafeRawBufferPointer) throws(DBusError) -> DBusMessage {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let raw = dbus_message_demarshal(
            bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), &error)
        guard let raw else {
            if dbus_error_is_set(&error) == 0 { throw .outOfMemory }
            throw .invalidMessage(String(cString: error.message))
        }
        return DBusMessage(taking: raw)
    }

    /// The message as libdbus would send it, for tests: header and body.
    var marshalled: [UInt8] {
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &bytes, &length) != 0, let bytes else { return [] }
        defer { dbus_free(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
    }

    /// Appends one value to the body; see `append(_:)` for the checks.
    ///
    /// - Throws: As `append(_:)`.
    public func append(_ value: DBusValue) throws(DBusError) {
        try append([value])
    }

    /// A generous estimate of the message's size on the wire: the body appended through this object plus a bound on
    /// the header.
    public var estimatedSize: Int {
        bodyEnd + headerSizeEstimate
    }

    /// Calls `body` once libdbus lets go of the message: for a message sent, once it has been written out.
    ///
    /// `body` may run with the connection's lock held: it must not call back into the connection.
    public func onRelease(_ body: @escaping () -> Void) {
        guard let slot = ReleaseSlot.slot else { return }
        let box = Unmanaged.passRetained(ReleaseBox(body)).toOpaque()
        let stored = dbus_message_set_data(raw, slot, box) { pointer in
            guard let pointer else { return }
            Unmanaged<ReleaseBox>.fromOpaque(pointer).takeRetainedValue().body()
        }
        if stored == 0 {
            Unmanaged<ReleaseBox>.fromOpaque(box).release()
        }
    }

    /// A generous bound on the header size, counting every field this message may carry. The fields other than the
    /// signature are read once (libdbus walks the header for each), since none changes once a message is built; the
    /// signature's length is the one this object last appended to, when it appended.
    private var headerSizeEstimate: Int {
        headerSizeEstimate(signatureLength: signatureLength ?? dbus_message_get_signature(raw).map { strlen($0) } ?? 0)
    }

    /// ``headerSizeEstimate`` with a signature of `signatureLength` bytes.
    private func headerSizeEstimate(signatureLength: Int) -> Int {
        if let known = knownHeaderSizeEstimate { return known + signatureLength }
        let fields = [
            dbus_message_get_path(raw), dbus_message_get_interface(raw), dbus_message_get_member(raw),
            dbus_message_get_error_name(raw), dbus_message_get_destination(raw),
        ]
        let fixed = Self.headerBound(fieldBytes: fields.reduce(0) { $0 + ($1.map { strlen($0) } ?? 0) })
        knownHeaderSizeEstimate = fixed
        return fixed + signatureLength
    }

    /// A bound on a header whose string fields other than the signature hold `fieldBytes` bytes: theirs, and 512 for
    /// the fixed part, each field's code, type and padding, the serials and the sender the bus adds.
    private static func headerBound(fieldBytes: Int) -> Int {
        512 + fieldBytes
    }
}

/// A closure kept in a message's data slot until libdbus frees the message.
private final class ReleaseBox {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// The data slot every message's release callback is kept in, allocated once for the process.
private enum ReleaseSlot {
    static let slot: Int32? = {
        var slot: Int32 = -1
        return dbus_message_allocate_data_slot(&slot) != 0 ? slot : nil
    }()
}

extension String {
    /// The string without NUL characters.
    func replacingNULs() -> String {
        String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self)
    }
}

/// Calls `body` with a C string for `text`, or with `nil`.
func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
