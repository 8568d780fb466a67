import CDBus

@testable import DBus

/// The values libdbus's own iterator reads from a message it loads: what the binding's reader must find in the same
/// bytes.
enum LibDBusReader {
    /// The body's values of the message `bytes`, which libdbus must load.
    ///
    /// - Throws: `DBusError.unsupportedType` at a unix file descriptor, which the binding does not read;
    ///   `.invalidMessage` for bytes libdbus refuses or a type code it should not hand out.
    static func values(ofMessage bytes: [UInt8]) throws(DBusError) -> [DBusValue] {
        let loaded = bytes.withUnsafeBytes { bytes in
            dbus_message_demarshal(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
        }
        guard let raw = loaded else { throw .invalidMessage("libdbus refuses the bytes it loaded before") }
        defer { dbus_message_unref(raw) }
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(raw, &iter) != 0 else { return [] }
        return try readAll(&iter)
    }

    /// Every value from `iter` to the end of its container or message.
    private static func readAll(_ iter: inout DBusMessageIter) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != CDBUS_TYPE_INVALID {
            values.append(try read(&iter))
            dbus_message_iter_next(&iter)
        }
        return values
    }

    /// The value at `iter`, which stays where it is. The text is taken as libdbus hands it out, unchecked: whether
    /// the binding accepts it is the verdicts' comparison, not this reader's.
    private static func read(_ iter: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case CDBUS_TYPE_BYTE: return .byte(basic(&iter, UInt8(0)))
        case CDBUS_TYPE_BOOLEAN: return .boolean(basic(&iter, dbus_bool_t(0)) != 0)
        case CDBUS_TYPE_INT16: return .int16(basic(&iter, Int16(0)))
        case CDBUS_TYPE_UINT16: return .uint16(basic(&iter, UInt16(0)))
        case CDBUS_TYPE_INT32: return .int32(basic(&iter, Int32(0)))
        case CDBUS_TYPE_UINT32: return .uint32(basic(&iter, UInt32(0)))
        case CDBUS_TYPE_INT64: return .int64(basic(&iter, Int64(0)))
        case CDBUS_TYPE_UINT64: return .uint64(basic(&iter, UInt64(0)))
        case CDBUS_TYPE_DOUBLE: return .double(basic(&iter, Double(0)))
        case CDBUS_TYPE_STRING: return .string(text(&iter))
        case CDBUS_TYPE_OBJECT_PATH: return .objectPath(ObjectPath(unchecked: text(&iter)))
        case CDBUS_TYPE_SIGNATURE: return .signature(DBusSignature(unchecked: text(&iter)))
        case CDBUS_TYPE_ARRAY: return try array(&iter)
        case CDBUS_TYPE_STRUCT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .structure(try readAll(&sub))
        case CDBUS_TYPE_VARIANT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(try read(&sub))
        case CDBUS_TYPE_UNIX_FD: throw .unsupportedType("h (unix file descriptor)")
        default: throw .invalidMessage("libdbus hands out the type code \(type)")
        }
    }

    private static func basic<T>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iter, $0) }
        return value
    }

    private static func text(_ iter: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(&iter, &pointer)
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func array(_ iter: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        guard let contained = dbus_message_iter_get_signature(&sub) else { throw .outOfMemory }
        let element = String(cString: contained)
        dbus_free(contained)
        if element.hasPrefix("{") {
            let inner = element.utf8.dropFirst().dropLast()
            let key = DBusSignature(unchecked: String(decoding: inner.prefix(1), as: UTF8.self))
            let value = DBusSignature(unchecked: String(decoding: inner.dropFirst(), as: UTF8.self))
            var entries: [DBusDictEntry] = []
            while dbus_message_iter_get_arg_type(&sub) != CDBUS_TYPE_INVALID {
                var pair = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &pair)
                let entryKey = try read(&pair)
                dbus_message_iter_next(&pair)
                entries.append(DBusDictEntry(key: entryKey, value: try read(&pair)))
                dbus_message_iter_next(&sub)
            }
            return .dictionary(key: key, value: value, entries)
        }
        let signature = DBusSignature(unchecked: element)
        if element == "y" {
            var base: UnsafeMutableRawPointer? = nil
            var count: Int32 = 0
            withUnsafeMutablePointer(to: &base) { dbus_message_iter_get_fixed_array(&sub, $0, &count) }
            guard let base, count > 0 else { return .array(signature, []) }
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(count))
            return .array(signature, bytes.map { .byte($0) })
        }
        return .array(signature, try readAll(&sub))
    }
}
