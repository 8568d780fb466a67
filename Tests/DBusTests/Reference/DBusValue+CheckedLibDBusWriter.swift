import CDBus

@testable import DBus

extension DBusValue {
    /// Checks this value as `checkedEnd(at:depth:)` does and appends it at `iter` in the same walk, for messages this
    /// binding builds and sends itself (replies, signals), where a second walk over every value only to check it cost
    /// more than the marshalling.
    ///
    /// - Returns: The body offset after the value.
    /// - Throws: As `checkedEnd(at:depth:)`, or `DBusError.outOfMemory`. The message is then unusable (its open
    ///   containers abandoned): discard it.
    func appendChecked(to iter: inout DBusMessageIter, at offset: Int, depth: NestingDepth) throws(DBusError) -> Int {
        switch self {
        case .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .string, .objectPath,
            .signature:
            let end = try checkedEnd(at: offset, depth: depth)
            guard append(to: &iter) else { throw .outOfMemory }
            return end
        case .array(let element, let values):
            try Self.checkArrayElement(element)
            let inner = try depth.deeper(array: true)
            if element == .byte {
                // Bytes go in as one fixed array; the two-pass path already counts them exactly.
                let end = try checkedEnd(at: offset, depth: depth)
                guard append(to: &iter) else { throw .outOfMemory }
                return end
            }
            let start = align(align(offset, 4) + 4, Self.alignment(of: element))
            return try Self.appendContainer(CDBUS_TYPE_ARRAY, contained: element.rawValue, to: &iter) {
                (sub) throws(DBusError) -> Int in
                var end = start
                for value in values {
                    try value.checkSignature(element)
                    end = try value.appendChecked(to: &sub, at: end, depth: inner)
                    try checkArrayLength(end - start)
                }
                return end
            }
        case .dictionary(let key, let value, let entries):
            try Self.checkDictionary(key: key, value: value)
            let inner = try depth.deeper(array: true).deeper(array: false)
            let start = align(align(offset, 4) + 4, 8)
            return try Self.appendContainer(
                CDBUS_TYPE_ARRAY, contained: "{" + key.rawValue + value.rawValue + "}", to: &iter
            ) { (sub) throws(DBusError) -> Int in
                var end = start
                for entry in entries {
                    try entry.key.checkSignature(key)
                    try entry.value.checkSignature(value)
                    end = try Self.appendContainer(CDBUS_TYPE_DICT_ENTRY, contained: nil, to: &sub) {
                        (pair) throws(DBusError) -> Int in
                        let afterKey = try entry.key.appendChecked(to: &pair, at: align(end, 8), depth: inner)
                        return try entry.value.appendChecked(to: &pair, at: afterKey, depth: inner)
                    }
                    try checkArrayLength(end - start)
                }
                return end
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidSignature("()", reason: "empty structure") }
            let inner = try depth.deeper(array: false)
            return try Self.appendContainer(CDBUS_TYPE_STRUCT, contained: nil, to: &iter) {
                (sub) throws(DBusError) -> Int in
                var end = align(offset, 8)
                for field in fields {
                    end = try field.appendChecked(to: &sub, at: end, depth: inner)
                }
                return end
            }
        case .variant(let content):
            let text = content.signatureText
            let inner = try Self.checkVariant(signature: text, depth: depth)
            return try Self.appendContainer(CDBUS_TYPE_VARIANT, contained: text, to: &iter) {
                (sub) throws(DBusError) -> Int in
                try content.appendChecked(to: &sub, at: offset + 1 + text.utf8.count + 1, depth: inner)
            }
        }
    }

    /// Opens a container, fills it with `body` and closes it; when `body` throws, abandons it and rethrows.
    private static func appendContainer(
        _ type: Int32, contained: String?, to iter: inout DBusMessageIter,
        body: (inout DBusMessageIter) throws(DBusError) -> Int
    ) throws(DBusError) -> Int {
        var sub = DBusMessageIter()
        let opened: dbus_bool_t =
            if let contained {
                contained.withCString { dbus_message_iter_open_container(&iter, type, $0, &sub) }
            } else {
                dbus_message_iter_open_container(&iter, type, nil, &sub)
            }
        guard opened != 0 else { throw .outOfMemory }
        let end: Int
        do throws(DBusError) {
            end = try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iter, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iter, &sub) != 0 else { throw .outOfMemory }
        return end
    }

    /// Checks that libdbus can marshal this value and returns the body offset just after it.
    ///
    /// Checks what would otherwise make libdbus abort or produce a message the bus refuses: NUL in strings, elements
    /// that do not match their declared signature, non-basic dictionary keys, empty structures, nesting, and sizes.
    ///
    /// - Parameters:
    ///   - offset: The body offset at which the value would start (alignment depends on it).
    ///   - depth: The containers around the value.
    /// - Returns: The body offset after the value.
    func checkedEnd(at offset: Int, depth: NestingDepth = NestingDepth()) throws(DBusError) -> Int {
        switch self {
        case .byte: return offset + 1
        case .boolean, .int32, .uint32: return align(offset, 4) + 4
        case .int16, .uint16: return align(offset, 2) + 2
        case .int64, .uint64, .double: return align(offset, 8) + 8
        case .string(let text):
            if text.containsNUL { throw .invalidString(text) }
            return try checkedSize(align(offset, 4) + 4 + text.utf8.count + 1)
        case .objectPath(let path):
            return try checkedSize(align(offset, 4) + 4 + path.rawValue.utf8.count + 1)
        case .signature(let signature):
            return offset + 1 + signature.rawValue.utf8.count + 1
        case .array(let element, let values):
            try Self.checkArrayElement(element)
            let inner = try depth.deeper(array: true)
            let start = align(align(offset, 4) + 4, Self.alignment(of: element))
            var end = start
            if element == .byte {
                end += values.count
            }
            for value in values where element != .byte || value.byteValue == nil {
                try value.checkSignature(element)
                end = try value.checkedEnd(at: end, depth: inner)
                try checkArrayLength(end - start)
            }
            try checkArrayLength(end - start)
            return end
        case .dictionary(let key, let value, let entries):
            try Self.checkDictionary(key: key, value: value)
            let inner = try depth.deeper(array: true).deeper(array: false)
            let start = align(align(offset, 4) + 4, 8)
            var end = start
            for entry in entries {
                try entry.key.checkSignature(key)
                try entry.value.checkSignature(value)
                end = try entry.key.checkedEnd(at: align(end, 8), depth: inner)
                end = try entry.value.checkedEnd(at: end, depth: inner)
                try checkArrayLength(end - start)
            }
            return end
        case .structure(let fields):
            guard !fields.isEmpty else {
                throw .invalidSignature("()", reason: "empty structure")
            }
            let inner = try depth.deeper(array: false)
            var end = align(offset, 8)
            for field in fields {
                end = try field.checkedEnd(at: end, depth: inner)
            }
            return end
        case .variant(let content):
            let text = content.signatureText
            let inner = try Self.checkVariant(signature: text, depth: depth)
            return try content.checkedEnd(at: offset + 1 + text.utf8.count + 1, depth: inner)
        }
    }

    private func checkedSize(_ end: Int) throws(DBusError) -> Int {
        guard end <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: end, limit: WireLimits.maximumMessageLength)
        }
        return end
    }

}
