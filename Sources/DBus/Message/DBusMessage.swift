import CDBus

/// A D-Bus message: a method call, method return, error or signal, wrapping libdbus's `DBusMessage`.
///
/// Not thread-safe: use a message from one thread at a time.
public final class DBusMessage {
    /// The libdbus message; this object owns one reference.
    let raw: OpaquePointer
    /// The body offset after the values appended through this object, for the size limits.
    private var bodyEnd = 0

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
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot allocate the message.
    public static func methodReturn(replyingTo call: DBusMessage) throws(DBusError) -> DBusMessage {
        guard let raw = dbus_message_new_method_return(call.raw) else { throw .outOfMemory }
        return DBusMessage(taking: raw)
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
        return DBusMessage(taking: raw)
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
        let total = end + headerSizeEstimate
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in values {
            guard value.append(to: &iter) else { throw .outOfMemory }
        }
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
        let signature = self.signature + signatures.joined()
        guard signature.utf8.count <= 255 else {
            throw .invalidSignature(signature, reason: "a message signature is limited to 255 bytes")
        }
        var end = bodyEnd
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in values {
            end = try value.appendChecked(to: &iter, at: end, depth: NestingDepth())
        }
        let total = end + headerSizeEstimate
        guard total <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: total, limit: WireLimits.maximumMessageLength)
        }
        bodyEnd = end
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

    /// A generous bound on the header size, counting every field this message may carry.
    private var headerSizeEstimate: Int {
        let fields = [path?.rawValue, interface?.rawValue, member?.rawValue, errorName, destination, signature]
        return 512 + fields.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
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
