/// Reads values from bytes in D-Bus's wire format, either byte order, with every rule of the specification's, as
/// libdbus and sd-bus check a message they load: bytes that do not match their signature end in
/// `DBusError.invalidMessage`, never in a read out of bounds.
///
/// One walk either makes the values (``values(of:signature:at:bigEndian:)``) or only checks them
/// (``check(_:signature:at:bigEndian:)``): see `WireValueReading`.
struct WireReader {
    /// The whole message, header included: offsets, and so alignment, count from its first byte.
    private let bytes: UnsafeRawBufferPointer
    private let bigEndian: Bool
    /// Where the next value is read.
    private var offset: Int

    /// Deeper than D-Bus allows (32 arrays, 32 structures, and variants to 64 in all): a bound on the recursion, so
    /// that it cannot exhaust the stack before the depth's own check refuses the value.
    private static let maximumDepth = 128

    /// The values of `signature` in `bytes` from `offset` on, in the byte order asked, checked as a peer's message is,
    /// and the offset after them.
    ///
    /// - Throws: As ``values(of:signature:)``, and `DBusError.invalidMessage` for text or padding the specification
    ///   does not allow.
    static func values(
        of bytes: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer, at offset: Int, bigEndian: Bool
    ) throws(DBusError) -> (values: [DBusValue], end: Int) {
        var reader = WireReader(bytes: bytes, bigEndian: bigEndian, offset: offset)
        var values: [DBusValue] = []
        var position = 0
        while position < signature.count {
            values.append(try reader.value(signature, at: &position, depth: 0, as: MadeValues.self))
        }
        return (values, reader.offset)
    }

    /// Checks the values of `signature` in `bytes` from `offset` on as ``values(of:signature:at:bigEndian:)`` reads
    /// them, without making them, and returns the offset after them.
    ///
    /// - Throws: As ``values(of:signature:at:bigEndian:)``, for the same bytes.
    static func check(
        _ bytes: UnsafeRawBufferPointer, signature: UnsafeRawBufferPointer, at offset: Int, bigEndian: Bool
    ) throws(DBusError) -> Int {
        var reader = WireReader(bytes: bytes, bigEndian: bigEndian, offset: offset)
        var position = 0
        while position < signature.count {
            try reader.value(signature, at: &position, depth: 0, as: CheckedValues.self)
        }
        return reader.offset
    }

    /// One header field as ``headerFields(of:bigEndian:_:)`` hands it over: text (a string, object path or
    /// signature, by its type code) as the bytes it is, not checked yet, so that a reader who has seen those bytes
    /// before need not check them again; any other type as its value, checked.
    enum HeaderField {
        case text(type: UInt8, UnsafeRawBufferPointer)
        case value(DBusValue)
    }

    /// Calls `take` with each header field of the message `bytes` (its code and what its variant holds), read as a
    /// peer's are, and returns the offset after the fields: the fields' `a(yv)` read in place, without
    /// a value for the array or its structures.
    static func headerFields(
        of bytes: UnsafeRawBufferPointer, bigEndian: Bool, _ take: (UInt8, HeaderField) throws(DBusError) -> Void
    ) throws(DBusError) -> Int {
        var reader = WireReader(bytes: bytes, bigEndian: bigEndian, offset: 12)
        let length = Int(try reader.integer(UInt32.self))
        try reader.align(8)
        guard length <= bytes.count - reader.offset else {
            throw .invalidMessage("header fields of \(length) bytes overrun the message")
        }
        let end = reader.offset + length
        while reader.offset < end {
            try reader.align(8)
            let code = try reader.integer(UInt8.self)
            try take(code, try reader.headerField())
        }
        guard reader.offset == end else { throw .invalidMessage("a header field overruns the fields' length") }
        return end
    }

    /// A header field's variant: text as its bytes, anything else as its value.
    private mutating func headerField() throws(DBusError) -> HeaderField {
        // A variant holding s, o or g: its signature is that code and a NUL. The fields are the body of a(yv): a
        // field's variant is in an array's structure, two deep.
        guard offset + 3 <= bytes.count, bytes[offset] == 1, bytes[offset + 2] == 0 else {
            return .value(try variantContent(depth: 2, as: MadeValues.self))
        }
        let type = bytes[offset + 1]
        let length: Int
        switch type {
        case UInt8(ascii: "s"), UInt8(ascii: "o"):
            offset += 3
            length = Int(try integer(UInt32.self))
        case UInt8(ascii: "g"):
            offset += 3
            length = Int(try integer(UInt8.self))
        default:
            return .value(try variantContent(depth: 2, as: MadeValues.self))
        }
        guard length < bytes.count - offset, bytes[offset + length] == 0 else {
            throw .invalidMessage("a string of \(length) bytes without its NUL")
        }
        let content = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        offset += length + 1
        return .text(type: type, content)
    }

    /// Text of type `type` (`s`, `o` or `g`) checked as a peer's is: UTF-8 without NUL, and an object path's or a
    /// signature's rules.
    ///
    /// - Throws: `DBusError.invalidMessage` for text the specification does not allow.
    static func checkedText(_ content: UnsafeRawBufferPointer, type: UInt8) throws(DBusError) -> DBusValue {
        let text = try utf8(content)
        switch type {
        case UInt8(ascii: "o"):
            if let problem = NameRules.objectPathProblem(text) {
                throw .invalidMessage("an object path that \(problem)")
            }
            return .objectPath(ObjectPath(unchecked: text))
        case UInt8(ascii: "g"):
            _ = try checked(signature: text)
            return .signature(DBusSignature(unchecked: text))
        default:
            return .string(text)
        }
    }

    /// The value of the complete type at `position` in `signature`, leaving `position` after that type, as `Reading`
    /// makes it.
    @discardableResult
    private mutating func value<Reading: WireValueReading>(
        _ signature: UnsafeRawBufferPointer, at position: inout Int, depth: Int, as _: Reading.Type
    ) throws(DBusError) -> Reading.Value {
        guard depth < Self.maximumDepth else { throw .nestingTooDeep(depth: depth) }
        guard position < signature.count else { throw .invalidMessage("a signature ends inside a type") }
        let code = signature[position]
        position += 1
        switch code {
        case UInt8(ascii: "y"):
            let byte = try integer(UInt8.self)
            return Reading.basic { .byte(byte) }
        case UInt8(ascii: "b"):
            let flag = try integer(UInt32.self)
            guard flag <= 1 else { throw .invalidMessage("a boolean of \(flag)") }
            return Reading.basic { .boolean(flag == 1) }
        case UInt8(ascii: "n"):
            let number = try integer(UInt16.self)
            return Reading.basic { .int16(Int16(bitPattern: number)) }
        case UInt8(ascii: "q"):
            let number = try integer(UInt16.self)
            return Reading.basic { .uint16(number) }
        case UInt8(ascii: "i"):
            let number = try integer(UInt32.self)
            return Reading.basic { .int32(Int32(bitPattern: number)) }
        case UInt8(ascii: "u"):
            let number = try integer(UInt32.self)
            return Reading.basic { .uint32(number) }
        case UInt8(ascii: "x"):
            let number = try integer(UInt64.self)
            return Reading.basic { .int64(Int64(bitPattern: number)) }
        case UInt8(ascii: "t"):
            let number = try integer(UInt64.self)
            return Reading.basic { .uint64(number) }
        case UInt8(ascii: "d"):
            let number = try integer(UInt64.self)
            return Reading.basic { .double(Double(bitPattern: number)) }
        case UInt8(ascii: "s"): return try Reading.string(try textBytes(length: Int(try integer(UInt32.self))))
        case UInt8(ascii: "o"):
            let path = try Self.utf8(try textBytes(length: Int(try integer(UInt32.self))))
            if let problem = NameRules.objectPathProblem(path) {
                throw .invalidMessage("an object path that \(problem)")
            }
            return Reading.basic { .objectPath(ObjectPath(unchecked: path)) }
        case UInt8(ascii: "g"):
            let text = try Self.utf8(try textBytes(length: Int(try integer(UInt8.self))))
            _ = try Self.checked(signature: text)
            return Reading.basic { .signature(DBusSignature(unchecked: text)) }
        case UInt8(ascii: "v"): return Reading.variant(try variantContent(depth: depth, as: Reading.self))
        case UInt8(ascii: "("):
            try align(8)
            try checkDepth(depth + 1)
            var fields = Reading.elements()
            var count = 0
            while position < signature.count, signature[position] != UInt8(ascii: ")") {
                Reading.append(try value(signature, at: &position, depth: depth + 1, as: Reading.self), to: &fields)
                count += 1
            }
            guard position < signature.count, count > 0 else {
                throw .invalidMessage("a structure without fields or without its end")
            }
            position += 1
            return Reading.structure(fields)
        case UInt8(ascii: "a"): return try array(signature, at: &position, depth: depth + 1, as: Reading.self)
        case UInt8(ascii: "h"): throw .unsupportedType("h (unix file descriptor)")
        default: throw .invalidMessage("unknown type code \(code)")
        }
    }

    /// The value a variant holds: its signature, then the value.
    private mutating func variantContent<Reading: WireValueReading>(depth: Int, as _: Reading.Type)
        throws(DBusError) -> Reading.Value
    {
        let length = Int(try integer(UInt8.self))
        let start = offset
        guard length < bytes.count - offset, bytes[offset + length] == 0 else {
            throw .invalidMessage("a variant's signature of \(length) bytes without its NUL")
        }
        offset += length + 1
        let inner = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
        // A header field's variant holds one basic type: nothing to parse but its code. Any other signature is
        // parsed where it is, and made into text only to say what is wrong with it.
        if !(length == 1 && SignatureParser.isBasic(bytes[start])) {
            var types = 0
            do throws(DBusError) {
                try SignatureParser.scan(bytes: inner.assumingMemoryBound(to: UInt8.self)) { _ in types += 1 }
            } catch {
                throw Self.peerSignatureError(error)
            }
            if types != 1 {
                throw .invalidMessage(
                    "a variant's signature '\(String(decoding: inner, as: UTF8.self))' is not one complete type")
            }
        }
        var innerPosition = 0
        try checkDepth(depth + 1)
        let content = try value(inner, at: &innerPosition, depth: depth + 1, as: Reading.self)
        guard innerPosition == inner.count else {
            throw .invalidMessage("a variant's signature holds more than one type")
        }
        return content
    }

    /// The array whose element type starts at `position`, leaving `position` after it.
    private mutating func array<Reading: WireValueReading>(
        _ signature: UnsafeRawBufferPointer, at position: inout Int, depth: Int, as _: Reading.Type
    ) throws(DBusError) -> Reading.Value {
        let length = Int(try integer(UInt32.self))
        let elementStart = position
        let elementEnd = try Self.end(of: signature, at: elementStart, depth: depth)
        position = elementEnd
        let isEntry = signature[elementStart] == UInt8(ascii: "{")
        try align(DBusValue.alignment(ofTypeCode: signature[elementStart]))
        guard length <= bytes.count - offset else { throw .invalidMessage("an array of \(length) bytes overruns") }
        if length > WireLimits.maximumArrayLength {
            throw .invalidMessage("an array of \(length) bytes, over the limit of \(WireLimits.maximumArrayLength)")
        }
        let end = offset + length
        if isEntry {
            var entries = Reading.entries()
            if offset < end { try checkDepth(depth + 1) }
            // Nearly every dictionary on the bus is an a{sv}: its key and variant are read here, as value(_:at:depth:as:)
            // reads them, without going through its dispatch for each (a third of a tip's checking).
            let isVardict =
                elementEnd - elementStart == 4 && signature[elementStart + 1] == UInt8(ascii: "s")
                && signature[elementStart + 2] == UInt8(ascii: "v")
            while offset < end {
                try align(8)
                if isVardict {
                    let key = try Reading.string(try textBytes(length: Int(try integer(UInt32.self))))
                    Reading.append(
                        key: key, value: Reading.variant(try variantContent(depth: depth + 1, as: Reading.self)),
                        to: &entries)
                    continue
                }
                var at = elementStart + 1
                let key = try value(signature, at: &at, depth: depth + 1, as: Reading.self)
                Reading.append(
                    key: key, value: try value(signature, at: &at, depth: depth + 1, as: Reading.self), to: &entries)
            }
            guard offset == end else { throw .invalidMessage("a dictionary's entries overrun its length") }
            let keyEnd = elementStart + 2
            return Reading.dictionary(
                key: UnsafeRawBufferPointer(rebasing: signature[elementStart + 1..<keyEnd]),
                value: UnsafeRawBufferPointer(rebasing: signature[keyEnd..<elementEnd - 1]), entries)
        }
        if signature[elementStart] == UInt8(ascii: "y") {
            let content = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
            offset = end
            return Reading.bytes(content)
        }
        var elements = Reading.elements()
        if offset < end, !Self.isFixed(signature[elementStart]) { try checkDepth(depth) }
        while offset < end {
            var at = elementStart
            Reading.append(try value(signature, at: &at, depth: depth, as: Reading.self), to: &elements)
        }
        guard offset == end else { throw .invalidMessage("an array's elements overrun its length") }
        return Reading.array(of: UnsafeRawBufferPointer(rebasing: signature[elementStart..<elementEnd]), elements)
    }

    /// The end of the complete type starting at `position` in `signature`.
    private static func end(of signature: UnsafeRawBufferPointer, at position: Int, depth: Int) throws(DBusError)
        -> Int
    {
        guard depth < maximumDepth else { throw .nestingTooDeep(depth: depth) }
        guard position < signature.count else { throw .invalidMessage("a signature ends inside a type") }
        switch signature[position] {
        case UInt8(ascii: "a"): return try end(of: signature, at: position + 1, depth: depth + 1)
        case UInt8(ascii: "("):
            var next = position + 1
            while next < signature.count, signature[next] != UInt8(ascii: ")") {
                next = try end(of: signature, at: next, depth: depth + 1)
            }
            guard next < signature.count else { throw .invalidMessage("a structure without its end") }
            return next + 1
        case UInt8(ascii: "{"):
            let value = try end(of: signature, at: position + 2, depth: depth + 1)
            guard value < signature.count, signature[value] == UInt8(ascii: "}") else {
                throw .invalidMessage("a dictionary entry without its end")
            }
            return value + 1
        default: return position + 1
        }
    }

    /// Refuses, in a peer's bytes, values inside more than 64 containers, variants included (the specification's
    /// limit on a message's depth), counted as libdbus counts them: where a structure's or dictionary entry's fields,
    /// a variant's content or the elements of an array would start, but for an array of fixed-size values, whose
    /// elements are not values apart.
    private func checkDepth(_ depth: Int) throws(DBusError) {
        guard depth > WireLimits.maximumTotalDepth else { return }
        throw .invalidMessage("values nested \(depth) deep, past the 64 D-Bus allows")
    }

    /// Whether `code` is a fixed-size type's: an integer, a boolean, a double (or a unix file descriptor).
    private static func isFixed(_ code: UInt8) -> Bool {
        switch code {
        case UInt8(ascii: "y"), UInt8(ascii: "b"), UInt8(ascii: "n"), UInt8(ascii: "q"), UInt8(ascii: "i"),
            UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "h"):
            true
        default: false
        }
    }

    /// The complete types of a signature read from a peer.
    private static func checked(signature text: String) throws(DBusError) -> [Range<Int>] {
        do throws(DBusError) {
            return try SignatureParser.parse(text)
        } catch {
            throw peerSignatureError(error)
        }
    }

    /// What the parser's `error` means of a signature a peer sent.
    private static func peerSignatureError(_ error: DBusError) -> DBusError {
        // A unix file descriptor is a type this binding does not support, not a mistake of the peer's.
        if case .unsupportedType = error { return error }
        return .invalidMessage("\(error)")
    }

    /// Steps over the padding to the next multiple of `boundary`.
    @inline(__always)
    private mutating func align(_ boundary: Int) throws(DBusError) {
        let aligned = (offset + boundary - 1) & ~(boundary - 1)
        guard aligned <= bytes.count else { throw .invalidMessage("a message ends inside its padding") }
        // A loop rather than a slice's contains(where:), which cost more than reading most values.
        var padding = offset
        while padding < aligned {
            guard bytes[padding] == 0 else { throw .invalidMessage("padding that is not zero") }
            padding += 1
        }
        offset = aligned
    }

    /// An integer at its own alignment, in the message's byte order.
    @inline(__always)
    private mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) throws(DBusError) -> Integer {
        let size = MemoryLayout<Integer>.size
        try align(size)
        guard size <= bytes.count - offset else { throw .invalidMessage("a message ends inside a value") }
        let stored = bytes.loadUnaligned(fromByteOffset: offset, as: Integer.self)
        offset += size
        return bigEndian ? Integer(bigEndian: stored) : Integer(littleEndian: stored)
    }

    /// The `length` bytes of a text, not checked yet, stepping over them and the NUL after them.
    @inline(__always)
    private mutating func textBytes(length: Int) throws(DBusError) -> UnsafeRawBufferPointer {
        guard length < bytes.count - offset, bytes[offset + length] == 0 else {
            throw .invalidMessage("a string of \(length) bytes without its NUL")
        }
        let content = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
        offset += length + 1
        return content
    }

    /// `content` as text: UTF-8 without NUL, as every string, object path and signature on the wire must be.
    static func utf8(_ content: UnsafeRawBufferPointer) throws(DBusError) -> String {
        // Nearly every name and word on the bus is ASCII, which is UTF-8 as it is: made into text without the
        // standard library's generic validation, which looks up type metadata at run time (about 500 instructions a
        // string).
        if isASCIIWithoutNUL(content) {
            return String(decoding: content, as: UTF8.self)
        }
        guard !content.contains(0), let text = String(validating: content, as: UTF8.self) else {
            throw .invalidMessage("a string that is not UTF-8 without NUL")
        }
        return text
    }

    /// Whether every byte of `content` is in 1...127, eight bytes at a time.
    static func isASCIIWithoutNUL(_ content: UnsafeRawBufferPointer) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        var offset = 0
        while offset + 8 <= content.count {
            let word = content.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // A byte of 0x80 or more sets its high bit; a zero byte sets it in `word - ones` where `word` had none.
            guard (word | (word &- ones)) & highBits == 0 else { return false }
            offset += 8
        }
        while offset < content.count {
            let byte = content[offset]
            guard byte != 0, byte < 0x80 else { return false }
            offset += 1
        }
        return true
    }
}
