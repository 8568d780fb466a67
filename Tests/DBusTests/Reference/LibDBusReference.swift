import CDBus

@testable import DBus

/// The binding's error, for the test target, which imports libdbus and its DBusError too.
typealias DBusError = DBus.DBusError

/// libdbus, the reference this binding's wire is held to: what libdbus writes for the same header and values, and
/// what it finds in bytes it loads as a peer's (libdbus is in the tests only; the binding does not link it).
enum LibDBusReference {
    /// The bytes libdbus writes for `message`'s header and values, numbered `serial`, the values checked as the binding
    /// checked them before it wrote the wire itself: each signature whole, then each value as libdbus takes it.
    ///
    /// - Throws: The first mistake in the values, as that path reported it.
    static func bytes(of message: DBusMessage, serial: UInt32 = 7) throws(DBusError) -> [UInt8] {
        try bytes(kind: message.wire, values: message.arguments, serial: serial)
    }

    /// The bytes libdbus writes for a message with `header`'s type and fields and `values` in its body.
    ///
    /// - Throws: As ``bytes(of:serial:)``.
    static func bytes(kind header: WireMessage, values: [DBusValue], serial: UInt32 = 7) throws(DBusError) -> [UInt8] {
        for value in values {
            try SignatureParser.scan(value.signatureText) { _ in }
        }
        guard let raw = dbus_message_new(Int32(header.kind.rawValue)) else { throw .outOfMemory }
        defer { dbus_message_unref(raw) }
        dbus_message_set_no_reply(raw, header.flags.contains(.noReplyExpected) ? 1 : 0)
        if let path = header.path { dbus_message_set_path(raw, path.rawValue) }
        if let interface = header.interface { dbus_message_set_interface(raw, interface.rawValue) }
        if let member = header.member { dbus_message_set_member(raw, member.rawValue) }
        if let name = header.errorName { dbus_message_set_error_name(raw, name.rawValue) }
        if let destination = header.destination { dbus_message_set_destination(raw, destination) }
        if let replySerial = header.replySerial { dbus_message_set_reply_serial(raw, replySerial) }
        dbus_message_set_serial(raw, serial)
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        var offset = 0
        for value in values {
            offset = try value.appendChecked(to: &iter, at: offset, depth: NestingDepth())
        }
        return marshalled(raw)
    }

    /// The body of a signal `/test org.feels.Test1.Value` holding `values`, as libdbus's type writer writes it.
    ///
    /// - Throws: As ``bytes(of:serial:)``.
    static func body(of values: [DBusValue]) throws(DBusError) -> [UInt8] {
        var signal = WireMessage(kind: .signal, flags: .noReplyExpected)
        signal.path = "/test"
        signal.interface = "org.feels.Test1"
        signal.member = "Value"
        return body(ofMessage: try bytes(kind: signal, values: values))
    }

    /// The body of the whole message `bytes`: its last bytes, as many as the fixed header's body length says.
    static func body(ofMessage bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 16 else { return [] }
        let length = (4..<8).reduce(0) { $0 | Int(bytes[$1]) << (8 * ($1 - 4)) }
        return Array(bytes.suffix(length))
    }

    /// A body of `count` variants, each holding the next, the last holding `innermost` (`y`, or an array of one
    /// element: `ai`, or `av` whose variant holds a `y`), for the signature `v`: values nested to the depth where
    /// libdbus starts refusing them, written by hand since the binding refuses to write them.
    static func nestedVariants(_ count: Int, around innermost: String) -> [UInt8] {
        let variant: [UInt8] = [1, UInt8(ascii: "v"), 0]
        var body = Array(repeating: variant, count: count - 1).flatMap { $0 }
        body += [UInt8(innermost.utf8.count)] + Array(innermost.utf8) + [0]
        guard innermost != "y" else { return body + [7] }
        while body.count % 4 != 0 { body.append(0) }
        let element: [UInt8] = innermost == "ai" ? [1, 0, 0, 0] : [1, UInt8(ascii: "y"), 0, 7]
        return body + [4, 0, 0, 0] + element
    }

    /// What libdbus finds in a message it loads from a peer's bytes.
    struct Loaded {
        /// The message type's code (`DBUS_MESSAGE_TYPE_…`).
        var type: Int32
        var serial: UInt32
        var replySerial: UInt32
        var path: String?
        var interface: String?
        var member: String?
        var errorName: String?
        var destination: String?
        var sender: String?
        var noReplyExpected: Bool
        var signature: String
        /// The message as libdbus writes it back.
        var bytes: [UInt8]
    }

    /// Loads `bytes` as libdbus loads a peer's message, checking them as it does.
    ///
    /// - Throws: `DBusError.invalidMessage` with libdbus's reason.
    static func load(_ bytes: [UInt8]) throws(DBusError) -> Loaded {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let raw = bytes.withUnsafeBytes { bytes in
            dbus_message_demarshal(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), &error)
        }
        guard let raw else {
            if dbus_error_is_set(&error) == 0 { throw .outOfMemory }
            throw .invalidMessage(String(cString: error.message))
        }
        defer { dbus_message_unref(raw) }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        return Loaded(
            type: dbus_message_get_type(raw), serial: dbus_message_get_serial(raw),
            replySerial: dbus_message_get_reply_serial(raw),
            path: text(dbus_message_get_path(raw)), interface: text(dbus_message_get_interface(raw)),
            member: text(dbus_message_get_member(raw)), errorName: text(dbus_message_get_error_name(raw)),
            destination: text(dbus_message_get_destination(raw)), sender: text(dbus_message_get_sender(raw)),
            noReplyExpected: dbus_message_get_no_reply(raw) != 0,
            signature: text(dbus_message_get_signature(raw)) ?? "", bytes: marshalled(raw))
    }

    private static func marshalled(_ raw: OpaquePointer) -> [UInt8] {
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &bytes, &length) != 0, let bytes else { return [] }
        defer { dbus_free(bytes) }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
    }
}

extension LibDBusReference.Loaded {
    /// The values in the body, read by this binding from libdbus's bytes.
    var arguments: [DBusValue] {
        get throws(DBusError) {
            let message = try bytes.withUnsafeBytes { bytes in
                Result { () throws(DBusError) in try WireMessage(parsing: bytes) }
            }.get()
            return try message.values()
        }
    }
}
