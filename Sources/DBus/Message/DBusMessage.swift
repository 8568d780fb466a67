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
    /// The header fields read so far (see DBusMessage+Header).
    var header = HeaderFields()

    /// Wraps `raw`, taking over the reference the caller owns.
    init(taking raw: OpaquePointer) {
        self.raw = raw
    }

    /// Wraps `raw`, adding a reference of its own.
    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
    }

    deinit {
        dbus_message_unref(raw)
    }

    /// A copy of this message, body included, not yet sent (libdbus gives it no serial and leaves it unlocked).
    ///
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot copy it.
    func copied() throws(DBusError) -> DBusMessage {
        guard let copy = dbus_message_copy(raw) else { throw .outOfMemory }
        let message = DBusMessage(taking: copy)
        message.bodyEnd = bodyEnd
        message.header = header
        return message
    }

    /// Addresses a method return copied from a template (``copied()``) to the caller of `call`.
    ///
    /// - Throws: `DBusError.invalidMessage` for a call never sent, `.outOfMemory` when libdbus cannot grow the header.
    func address(asReplyTo call: DBusMessage) throws(DBusError) {
        let serial = dbus_message_get_serial(call.raw)
        guard serial != 0 else { throw .invalidMessage("a message never sent has no serial to answer") }
        guard dbus_message_set_reply_serial(raw, serial) != 0 else { throw .outOfMemory }
        guard let sender = dbus_message_get_sender(call.raw) else { return }
        guard dbus_message_set_destination(raw, sender) != 0 else { throw .outOfMemory }
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
    /// - Throws: `DBusError.invalidMessage` for a call never sent, which has no serial to answer; `.outOfMemory`.
    public static func methodReturn(replyingTo call: DBusMessage) throws(DBusError) -> DBusMessage {
        guard call.serial != 0 else { throw .invalidMessage("a message never sent has no serial to answer") }
        guard let raw = dbus_message_new_method_return(call.raw) else { throw .outOfMemory }
        return DBusMessage(taking: raw)
    }

    /// An error reply answering `call`.
    ///
    /// - Parameters:
    ///   - call: The method call being answered.
    ///   - name: The error name.
    ///   - message: A human-readable message; NUL characters are dropped and bytes that are not UTF-8 replaced, since
    ///     D-Bus strings cannot carry them.
    /// - Throws: `DBusError.invalidMessage` for a call never sent, which has no serial to answer; `.outOfMemory`.
    public static func error(replyingTo call: DBusMessage, name: ErrorName, message: String) throws(DBusError)
        -> DBusMessage
    {
        guard call.serial != 0 else { throw .invalidMessage("a message never sent has no serial to answer") }
        let text = message.containsNUL ? message.replacingNULs() : message
        guard let raw = dbus_message_new_error(call.raw, name.rawValue, text) else { throw .outOfMemory }
        let reply = DBusMessage(taking: raw)
        reply.bodyEnd = 4 + text.utf8.count + 1
        return reply
    }

    /// A method return with no destination and no reply serial yet holding `values`: a template for replies, which
    /// ``copied()`` copies and ``address(asReplyTo:)`` addresses.
    ///
    /// - Throws: As `append(_:)`.
    static func methodReturnTemplate(marshalling values: [DBusValue]) throws(DBusError) -> DBusMessage {
        guard let raw = dbus_message_new(CDBUS_MESSAGE_TYPE_METHOD_RETURN) else { throw .outOfMemory }
        let template = DBusMessage(taking: raw)
        // A reply expects none, as libdbus marks the replies it makes.
        template.noReplyExpected = true
        try template.append(values)
        return template
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

    // MARK: - Body

    /// The values in the message body, in order.
    ///
    /// - Throws: `DBusError.unsupportedType` when the body carries unix file descriptors.
    public var arguments: [DBusValue] {
        get throws(DBusError) {
            var iter = DBusMessageIter()
            guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }
            return try DBusValue.readAll(&iter)
        }
    }

    /// Appends `values` to the body, checking each first for everything libdbus would otherwise abort on: a string with NUL, a container whose elements do not match its signature, a type nested
    /// too deep, the size limits.
    ///
    /// Nothing is appended when a check fails.
    ///
    /// - Parameter values: The values to append.
    /// - Throws: `DBusError.invalidString` for a string with NUL, `.typeMismatch` for a container whose elements do
    ///   not match its signature, `.invalidSignature` or `.nestingTooDeep` for malformed types, `.messageTooLarge`
    ///   beyond the D-Bus size limits.
    public func append(_ values: [DBusValue]) throws(DBusError) {
        guard !values.isEmpty else { return }
        // Each value's whole signature is checked, as one complete type, before libdbus builds it: an element or
        // key of the wrong kind, an empty structure or an empty array's element signature nesting too deep only once
        // inside the array; and libdbus cannot take a body signature over 255 bytes.
        var signature = bodyEnd == 0 ? "" : self.signature
        for value in values {
            let text = value.signatureText
            if value.basicTypeCode == nil {
                try DBusSignature.check(text, single: true)
            }
            signature += text
        }
        guard signature.utf8.count <= 255 else {
            throw .invalidSignature(signature, reason: "a message signature is limited to 255 bytes")
        }
        var end = bodyEnd
        for value in values {
            end = try value.checkedEnd(at: end)
        }
        let total = end + headerSizeEstimate + signature.utf8.count
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in values {
            try value.append(to: &iter)
        }
        header.signature = nil
        bodyEnd = end
    }

    /// Appends one value to the body; see `append(_:)` for the checks.
    ///
    /// - Throws: As `append(_:)`.
    public func append(_ value: DBusValue) throws(DBusError) {
        try append([value])
    }

    /// A generous bound on the header: the string fields' bytes, and 512 for the fixed part, each field's code, type
    /// and padding, the serials and the sender the bus adds.
    private var headerSizeEstimate: Int {
        let fields = [
            dbus_message_get_path(raw), dbus_message_get_interface(raw), dbus_message_get_member(raw),
            dbus_message_get_error_name(raw), dbus_message_get_destination(raw), dbus_message_get_signature(raw),
        ]
        return 512 + fields.reduce(0) { $0 + ($1.map { strlen($0) } ?? 0) }
    }
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
