extension DBusValue {
    /// Checks this value as `appendChecked(to:at:depth:)` does and writes it in the wire format in the same walk.
    ///
    /// - Throws: As `checkedEnd(at:depth:)`; what was written is then unusable.
    func marshal(into wire: inout WireBytes, depth: NestingDepth) throws(DBusError) {
        switch self {
        case .byte(let value): wire.append(byte: value)
        case .boolean(let value): wire.append(UInt32(value ? 1 : 0))
        case .int16(let value): wire.append(value)
        case .uint16(let value): wire.append(value)
        case .int32(let value): wire.append(value)
        case .uint32(let value): wire.append(value)
        case .int64(let value): wire.append(value)
        case .uint64(let value): wire.append(value)
        case .double(let value): wire.append(value.bitPattern)
        case .string(let text): try wire.append(string: text)
        case .objectPath(let path): try wire.append(string: path.rawValue)
        case .signature(let signature): wire.append(signature: signature.rawValue)
        case .array(let element, let values):
            try Self.checkArrayElement(element)
            let inner = try depth.deeper(array: true)
            let array = wire.beginArray(elementAlignment: Self.alignment(of: element))
            for value in values {
                if !value.hasSignature(element) { try value.checkSignature(element) }
                try value.marshal(into: &wire, depth: inner)
                try checkArrayLength(wire.count - array.start)
            }
            wire.endArray(array)
        case .dictionary(let key, let value, let entries):
            try Self.checkDictionary(key: key, value: value)
            let inner = try depth.deeper(array: true).deeper(array: false)
            let array = wire.beginArray(elementAlignment: 8)
            for entry in entries {
                if !entry.key.hasSignature(key) { try entry.key.checkSignature(key) }
                if !entry.value.hasSignature(value) { try entry.value.checkSignature(value) }
                wire.pad(to: 8)
                try entry.key.marshal(into: &wire, depth: inner)
                try entry.value.marshal(into: &wire, depth: inner)
                try checkArrayLength(wire.count - array.start)
            }
            wire.endArray(array)
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidSignature("()", reason: "empty structure") }
            let inner = try depth.deeper(array: false)
            wire.pad(to: 8)
            for field in fields {
                try field.marshal(into: &wire, depth: inner)
            }
        case .variant(let content): try content.marshalAsVariant(into: &wire, depth: depth)
        }
    }

    /// Writes a variant holding this value, the variant at `depth`.
    func marshalAsVariant(into wire: inout WireBytes, depth: NestingDepth) throws(DBusError) {
        if let code = basicTypeCode {
            // A basic type's signature is one valid code: nothing to parse, only the depth to count.
            let inner = try Self.checkVariant(depth: depth)
            wire.append(byte: 1)
            wire.append(byte: code)
            wire.append(byte: 0)
            try marshal(into: &wire, depth: inner)
            return
        }
        let text = signatureText
        let inner = try Self.checkVariant(signature: text, depth: depth)
        wire.append(signature: text)
        try marshal(into: &wire, depth: inner)
    }

    /// The type code of a basic value (not a container, not a variant), `nil` for the others.
    var basicTypeCode: UInt8? {
        switch self {
        case .array, .dictionary, .structure, .variant: nil
        default: signatureText.utf8.first
        }
    }

    /// Whether this value's signature is `signature`, as ``checkSignature(_:)`` asks, without building the
    /// signature's text for an array or a dictionary.
    func hasSignature(_ signature: DBusSignature) -> Bool {
        let expected = signature.rawValue.utf8
        switch self {
        case .array(let element, _):
            let inner = element.rawValue.utf8
            return expected.count == inner.count + 1 && expected.first == UInt8(ascii: "a")
                && expected.dropFirst().elementsEqual(inner)
        case .dictionary(let key, let value, _):
            let keyCode = key.rawValue.utf8
            let valueCode = value.rawValue.utf8
            guard expected.count == keyCode.count + valueCode.count + 3 else { return false }
            var rest = expected[...]
            guard rest.popFirst() == UInt8(ascii: "a"), rest.popFirst() == UInt8(ascii: "{"),
                rest.popLast() == UInt8(ascii: "}")
            else { return false }
            return rest.prefix(keyCode.count).elementsEqual(keyCode)
                && rest.dropFirst(keyCode.count).elementsEqual(valueCode)
        case .structure:
            return signatureText == signature.rawValue
        default:
            return expected.count == 1 && expected.first == signatureText.utf8.first
        }
    }
}

/// A dictionary marshalled once in the wire format, to be placed in replies built later without marshalling it
/// again (`DBusReplyBody(array:of:)`): a tip that did not change need not be marshalled for every list it is in.
///
/// A dictionary's bytes do not depend on where it is placed but for the padding between its length and its first
/// entry (entries start at an 8-byte boundary), so one marshalling serves every place an array puts it.
public struct DBusMarshalledValue: Equatable, Sendable {
    /// The dictionary's signature, such as `a{sv}`.
    public let signature: DBusSignature
    /// Its bytes as written from an 8-byte boundary: the length, four bytes of padding, the entries.
    let bytes: [UInt8]

    /// Marshals `value`, a dictionary, to be placed as an element of an array, with the checks of a reply's.
    ///
    /// - Throws: `DBusError.unsupportedType` for a value that is not a dictionary; as `DBusMessage.append(_:)` for a
    ///   value the wire refuses.
    public init(_ value: DBusValue) throws(DBusError) {
        guard case .dictionary = value else {
            throw .unsupportedType("only a dictionary is marshalled apart, not '\(value.signatureText)'")
        }
        let text = value.signatureText
        try SignatureParser.scan(text) { _ in }
        // A tip's dictionary is some 1.5 KiB: room for it at once.
        var wire = WireBytes(capacity: 2048)
        // It will be an element of an array: one level deeper than the body.
        try value.marshal(into: &wire, depth: try NestingDepth().deeper(array: true))
        self.init(signature: DBusSignature(unchecked: text), bytes: wire.finished())
    }

    init(signature: DBusSignature, bytes: [UInt8]) {
        self.signature = signature
        self.bytes = bytes
    }
}

extension WireBytes {
    /// Places a dictionary marshalled before, at the next 4-byte boundary: as it was written when that is an 8-byte
    /// one, else without the four bytes of padding after its length.
    mutating func append(placing part: DBusMarshalledValue) {
        pad(to: 4)
        if count % 8 == 0 {
            append(contentsOf: part.bytes)
        } else {
            append(contentsOf: part.bytes[0..<4])
            append(contentsOf: part.bytes[8...])
        }
    }
}
