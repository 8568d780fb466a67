import CDBus

@testable import DBus

extension DBusValue {
    /// Appends this already-checked value at `iter`; returns `false` only when libdbus runs out of memory.
    func append(to iter: inout DBusMessageIter) -> Bool {
        switch self {
        case .byte(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_BYTE, &value) != 0
        case .boolean(let flag):
            var value: dbus_bool_t = flag ? 1 : 0
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_BOOLEAN, &value) != 0
        case .int16(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_INT16, &value) != 0
        case .uint16(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_UINT16, &value) != 0
        case .int32(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_INT32, &value) != 0
        case .uint32(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_UINT32, &value) != 0
        case .int64(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_INT64, &value) != 0
        case .uint64(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_UINT64, &value) != 0
        case .double(var value):
            return dbus_message_iter_append_basic(&iter, CDBUS_TYPE_DOUBLE, &value) != 0
        case .string(let text):
            return Self.appendText(text, type: CDBUS_TYPE_STRING, to: &iter)
        case .objectPath(let path):
            return Self.appendText(path.rawValue, type: CDBUS_TYPE_OBJECT_PATH, to: &iter)
        case .signature(let signature):
            return Self.appendText(signature.rawValue, type: CDBUS_TYPE_SIGNATURE, to: &iter)
        case .array(let element, let values):
            return Self.appendContainer(CDBUS_TYPE_ARRAY, contained: element.rawValue, to: &iter) { sub in
                if element == .byte {
                    var bytes = values.compactMap(\.byteValue)
                    return bytes.withUnsafeMutableBufferPointer { buffer in
                        var base = UnsafeMutableRawPointer(buffer.baseAddress)
                        return dbus_message_iter_append_fixed_array(&sub, CDBUS_TYPE_BYTE, &base, Int32(buffer.count))
                            != 0
                    }
                }
                return values.allSatisfy { $0.append(to: &sub) }
            }
        case .dictionary(let key, let value, let entries):
            let contained = "{" + key.rawValue + value.rawValue + "}"
            return Self.appendContainer(CDBUS_TYPE_ARRAY, contained: contained, to: &iter) { sub in
                entries.allSatisfy { entry in
                    Self.appendContainer(CDBUS_TYPE_DICT_ENTRY, contained: nil, to: &sub) { pair in
                        entry.key.append(to: &pair) && entry.value.append(to: &pair)
                    }
                }
            }
        case .structure(let fields):
            return Self.appendContainer(CDBUS_TYPE_STRUCT, contained: nil, to: &iter) { sub in
                fields.allSatisfy { $0.append(to: &sub) }
            }
        case .variant(let content):
            return Self.appendContainer(CDBUS_TYPE_VARIANT, contained: content.signatureText, to: &iter) { sub in
                content.append(to: &sub)
            }
        }
    }

    private static func appendText(_ text: String, type: Int32, to iter: inout DBusMessageIter) -> Bool {
        text.withCString { pointer in
            var argument: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, type, &argument) != 0
        }
    }

    private static func appendContainer(
        _ type: Int32, contained: String?, to iter: inout DBusMessageIter,
        body: (inout DBusMessageIter) -> Bool
    ) -> Bool {
        var sub = DBusMessageIter()
        let opened: dbus_bool_t
        if let contained {
            opened = contained.withCString { dbus_message_iter_open_container(&iter, type, $0, &sub) }
        } else {
            opened = dbus_message_iter_open_container(&iter, type, nil, &sub)
        }
        guard opened != 0 else { return false }
        guard body(&sub) else {
            dbus_message_iter_abandon_container(&iter, &sub)
            return false
        }
        return dbus_message_iter_close_container(&iter, &sub) != 0
    }
}
