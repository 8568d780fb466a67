/// A message's bytes in D-Bus's wire format, little-endian, as this binding marshals them itself: for a reply kept
/// and copied (`DBusReplyBody`), whose a{sv} libdbus's type writer marshals at several times the cost. Offsets count
/// from the start of what is written, so a body written here keeps its alignment after a header padded to 8 bytes.
struct WireBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func pad(to boundary: Int) {
        while bytes.count % boundary != 0 {
            bytes.append(0)
        }
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        pad(to: MemoryLayout<Integer>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A string or object path: its length, its bytes, a NUL.
    mutating func append(string: String) {
        append(UInt32(string.utf8.count))
        append(utf8: string)
        bytes.append(0)
    }

    /// A string's bytes, copied from its storage where it has one (the standard library's generic copy lies apart
    /// from the call path's code, and costs a window of resident code: docs/BENCHMARKS.md).
    private mutating func append(utf8 string: String) {
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: string.utf8) }
    }

    /// A signature: its length in one byte, its bytes, a NUL.
    mutating func append(signature: String) {
        bytes.append(UInt8(truncatingIfNeeded: signature.utf8.count))
        append(utf8: signature)
        bytes.append(0)
    }

    /// Starts an array: a length to fill in, then the padding to its elements' alignment, which the length does not
    /// count. Returns where the length is and where the elements start.
    mutating func beginArray(elementAlignment: Int) -> (length: Int, start: Int) {
        append(UInt32(0))
        let length = bytes.count - 4
        pad(to: elementAlignment)
        return (length, bytes.count)
    }

    /// Writes the length of the array begun at `array`.
    mutating func endArray(_ array: (length: Int, start: Int)) {
        let length = UInt32(bytes.count - array.start).littleEndian
        withUnsafeBytes(of: length) { source in
            for index in 0..<4 { bytes[array.length + index] = source[index] }
        }
    }

    mutating func append(contentsOf other: some Collection<UInt8>) {
        bytes.append(contentsOf: other)
    }
}

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
        case .string(let text):
            if text.containsNUL { throw .invalidString(text) }
            wire.append(string: text)
        case .objectPath(let path): wire.append(string: path.rawValue)
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
        case .variant(let content):
            if let code = content.basicTypeCode {
                // A basic type's signature is one valid code: nothing to parse, only the depth to count.
                let inner = try Self.checkVariant(depth: depth)
                wire.append(byte: 1)
                wire.append(byte: code)
                wire.append(byte: 0)
                try content.marshal(into: &wire, depth: inner)
                return
            }
            let text = content.signatureText
            let inner = try Self.checkVariant(signature: text, depth: depth)
            wire.append(signature: text)
            try content.marshal(into: &wire, depth: inner)
        }
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
        var wire = WireBytes(capacity: 1024)
        // It will be an element of an array: one level deeper than the body.
        try value.marshal(into: &wire, depth: try NestingDepth().deeper(array: true))
        self.init(signature: DBusSignature(unchecked: text), bytes: wire.bytes)
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
