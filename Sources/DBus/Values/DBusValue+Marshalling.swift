import CDBus

extension DBusValue {
    /// Appends this value at `iter`, checked before with ``checkedEnd(at:depth:)``: libdbus aborts on what that
    /// check refuses.
    ///
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot grow the message; it is then unusable.
    func append(to iter: inout DBusMessageIter) throws(DBusError) {
        switch self {
        case .byte(var value): try Self.appendBasic(CDBUS_TYPE_BYTE, &value, to: &iter)
        case .boolean(let flag):
            var value: dbus_bool_t = flag ? 1 : 0
            try Self.appendBasic(CDBUS_TYPE_BOOLEAN, &value, to: &iter)
        case .int16(var value): try Self.appendBasic(CDBUS_TYPE_INT16, &value, to: &iter)
        case .uint16(var value): try Self.appendBasic(CDBUS_TYPE_UINT16, &value, to: &iter)
        case .int32(var value): try Self.appendBasic(CDBUS_TYPE_INT32, &value, to: &iter)
        case .uint32(var value): try Self.appendBasic(CDBUS_TYPE_UINT32, &value, to: &iter)
        case .int64(var value): try Self.appendBasic(CDBUS_TYPE_INT64, &value, to: &iter)
        case .uint64(var value): try Self.appendBasic(CDBUS_TYPE_UINT64, &value, to: &iter)
        case .double(var value): try Self.appendBasic(CDBUS_TYPE_DOUBLE, &value, to: &iter)
        case .string(let text): try Self.appendText(text, type: CDBUS_TYPE_STRING, to: &iter)
        case .objectPath(let path): try Self.appendText(path.rawValue, type: CDBUS_TYPE_OBJECT_PATH, to: &iter)
        case .signature(let signature):
            try Self.appendText(signature.rawValue, type: CDBUS_TYPE_SIGNATURE, to: &iter)
        case .array(let element, let values):
            try Self.appendContainer(CDBUS_TYPE_ARRAY, contained: element.rawValue, to: &iter) {
                (sub) throws(DBusError) in
                for value in values { try value.append(to: &sub) }
            }
        case .dictionary(let key, let value, let entries):
            try Self.appendContainer(
                CDBUS_TYPE_ARRAY, contained: "{" + key.rawValue + value.rawValue + "}", to: &iter
            ) { (sub) throws(DBusError) in
                for entry in entries {
                    try Self.appendContainer(CDBUS_TYPE_DICT_ENTRY, contained: nil, to: &sub) {
                        (pair) throws(DBusError) in
                        try entry.key.append(to: &pair)
                        try entry.value.append(to: &pair)
                    }
                }
            }
        case .structure(let fields):
            try Self.appendContainer(CDBUS_TYPE_STRUCT, contained: nil, to: &iter) { (sub) throws(DBusError) in
                for field in fields { try field.append(to: &sub) }
            }
        case .variant(let content):
            try Self.appendContainer(CDBUS_TYPE_VARIANT, contained: content.signatureText, to: &iter) {
                (sub) throws(DBusError) in
                try content.append(to: &sub)
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ type: Int32, _ value: inout T, to iter: inout DBusMessageIter)
        throws(DBusError)
    {
        let appended = withUnsafeMutablePointer(to: &value) { dbus_message_iter_append_basic(&iter, type, $0) }
        guard appended != 0 else { throw .outOfMemory }
    }

    /// Appends a string, object path or signature whose text the caller has checked.
    private static func appendText(_ text: String, type: Int32, to iter: inout DBusMessageIter) throws(DBusError) {
        let appended = text.withCString { pointer in
            var argument: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, type, &argument)
        }
        guard appended != 0 else { throw .outOfMemory }
    }

    /// Opens a container, fills it with `body` and closes it; when `body` throws, abandons it and rethrows.
    private static func appendContainer(
        _ type: Int32, contained: String?, to iter: inout DBusMessageIter,
        body: (inout DBusMessageIter) throws(DBusError) -> Void
    ) throws(DBusError) {
        var sub = DBusMessageIter()
        let opened: dbus_bool_t =
            if let contained {
                contained.withCString { dbus_message_iter_open_container(&iter, type, $0, &sub) }
            } else {
                dbus_message_iter_open_container(&iter, type, nil, &sub)
            }
        guard opened != 0 else { throw .outOfMemory }
        do throws(DBusError) {
            try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iter, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iter, &sub) != 0 else { throw .outOfMemory }
    }

    // MARK: - Reading

    /// Reads the value at `iter` without advancing it; libdbus has validated the message as it was received.
    ///
    /// - Throws: `DBusError.unsupportedType` for unix file descriptors, `DBusError.invalidMessage` for a type code
    ///   this binding does not know.
    static func read(from iter: inout DBusMessageIter) throws(DBusError) -> DBusValue {
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
        case CDBUS_TYPE_ARRAY: return try readArray(&iter)
        case CDBUS_TYPE_STRUCT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .structure(try readAll(&sub))
        case CDBUS_TYPE_VARIANT:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(try read(from: &sub))
        case CDBUS_TYPE_UNIX_FD:
            throw .unsupportedType("h (unix file descriptor)")
        default:
            throw .invalidMessage("unknown type code \(type)")
        }
    }

    /// Reads every value from `iter` to the end of its container or message.
    static func readAll(_ iter: inout DBusMessageIter) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != CDBUS_TYPE_INVALID {
            values.append(try read(from: &iter))
            dbus_message_iter_next(&iter)
        }
        return values
    }

    private static func basic<T: BitwiseCopyable>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
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

    private static func readArray(_ iter: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        guard let rawSignature = dbus_message_iter_get_signature(&iter) else { throw .outOfMemory }
        let arraySignature = String(cString: rawSignature)
        dbus_free(rawSignature)
        let elementText = String(arraySignature.dropFirst())
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        if elementText.hasPrefix("{") {
            // A dictionary entry's key is a basic type: one character.
            let inner = elementText.dropFirst().dropLast()
            let key = DBusSignature(unchecked: String(inner.prefix(1)))
            let value = DBusSignature(unchecked: String(inner.dropFirst()))
            var entries: [DBusDictEntry] = []
            while dbus_message_iter_get_arg_type(&sub) != CDBUS_TYPE_INVALID {
                var pair = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &pair)
                let entryKey = try read(from: &pair)
                dbus_message_iter_next(&pair)
                entries.append(DBusDictEntry(key: entryKey, value: try read(from: &pair)))
                dbus_message_iter_next(&sub)
            }
            return .dictionary(key: key, value: value, entries)
        }
        let element = DBusSignature(unchecked: elementText)
        if element == .byte {
            var base: UnsafeMutableRawPointer? = nil
            var count: Int32 = 0
            withUnsafeMutablePointer(to: &base) { dbus_message_iter_get_fixed_array(&sub, $0, &count) }
            guard let base, count > 0 else { return .array(element, []) }
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Int(count))
            return .array(element, bytes.map { .byte($0) })
        }
        return .array(element, try readAll(&sub))
    }
}
