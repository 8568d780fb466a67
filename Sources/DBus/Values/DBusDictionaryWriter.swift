/// Writes one `a{sv}` dictionary straight into the wire format, entry by entry, for code generated from a contract
/// (`DBusMarshalledValue(dictionary:)`): a dictionary of a fixed shape needs no `DBusValue` tree built first, which
/// cost a tip's read about as much as marshalling it (docs/BENCHMARKS.md).
///
/// Each entry is written as `DBusValue.vardict` would write it, with the same checks: a key or a string holding NUL
/// is refused, a value nested too deep, a dictionary beyond the wire's array limit.
public struct DBusDictionaryWriter {
    fileprivate var wire: WireBytes
    /// Where the dictionary's length is and where its entries start.
    private let array: (length: Int, start: Int)
    /// The depth of each entry's key and value, and of a variant's content.
    private let entryDepth: NestingDepth
    private let contentDepth: NestingDepth

    /// A writer continuing `wire` with a dictionary whose own depth is `depth`, as `DBusValue.marshal(into:depth:)`
    /// begins one.
    init(continuing wire: inout WireBytes, depth: NestingDepth) throws(DBusError) {
        entryDepth = try depth.deeper(array: true).deeper(array: false)
        contentDepth = try DBusValue.checkVariant(depth: entryDepth)
        self.wire = WireBytes(capacity: 0)
        swap(&self.wire, &wire)
        array = self.wire.beginArray(elementAlignment: 8)
    }

    /// Writes the dictionary's length and hands its bytes back to `wire`.
    mutating func end(into wire: inout WireBytes) {
        self.wire.endArray(array)
        swap(&self.wire, &wire)
    }

    /// An entry whose value is a string.
    ///
    /// - Throws: `DBusError.invalidString` for a key or a string holding NUL; `.messageTooLarge` beyond the limit.
    public mutating func append(_ key: String, string: String) throws(DBusError) {
        try beginEntry(key, basic: UInt8(ascii: "s"))
        try wire.append(string: string)
        try endEntry()
    }

    /// An entry whose value is an object path.
    public mutating func append(_ key: String, objectPath: ObjectPath) throws(DBusError) {
        try beginEntry(key, basic: UInt8(ascii: "o"))
        try wire.append(string: objectPath.rawValue)
        try endEntry()
    }

    /// An entry whose value is a signature.
    public mutating func append(_ key: String, signature: DBusSignature) throws(DBusError) {
        try beginEntry(key, basic: UInt8(ascii: "g"))
        wire.append(signature: signature.rawValue)
        try endEntry()
    }

    /// An entry whose value is a boolean.
    public mutating func append(_ key: String, boolean: Bool) throws(DBusError) {
        try beginEntry(key, basic: UInt8(ascii: "b"))
        wire.append(UInt32(boolean ? 1 : 0))
        try endEntry()
    }

    /// An entry whose value is a byte.
    public mutating func append(_ key: String, byte: UInt8) throws(DBusError) {
        try beginEntry(key, basic: UInt8(ascii: "y"))
        wire.append(byte: byte)
        try endEntry()
    }

    /// An entry whose value is an `n`.
    public mutating func append(_ key: String, int16: Int16) throws(DBusError) {
        try append(key, integer: int16, code: UInt8(ascii: "n"))
    }

    /// An entry whose value is a `q`.
    public mutating func append(_ key: String, uint16: UInt16) throws(DBusError) {
        try append(key, integer: uint16, code: UInt8(ascii: "q"))
    }

    /// An entry whose value is an `i`.
    public mutating func append(_ key: String, int32: Int32) throws(DBusError) {
        try append(key, integer: int32, code: UInt8(ascii: "i"))
    }

    /// An entry whose value is a `u`.
    public mutating func append(_ key: String, uint32: UInt32) throws(DBusError) {
        try append(key, integer: uint32, code: UInt8(ascii: "u"))
    }

    /// An entry whose value is an `x`.
    public mutating func append(_ key: String, int64: Int64) throws(DBusError) {
        try append(key, integer: int64, code: UInt8(ascii: "x"))
    }

    /// An entry whose value is a `t`.
    public mutating func append(_ key: String, uint64: UInt64) throws(DBusError) {
        try append(key, integer: uint64, code: UInt8(ascii: "t"))
    }

    /// An entry whose value is a `d`.
    public mutating func append(_ key: String, double: Double) throws(DBusError) {
        try append(key, integer: double.bitPattern, code: UInt8(ascii: "d"))
    }

    /// An entry whose value is an array of strings.
    ///
    /// - Throws: `DBusError.invalidString` for a string holding NUL; `.messageTooLarge` beyond the limit.
    public mutating func append(_ key: String, strings: [String]) throws(DBusError) {
        try beginEntry(key, signature: "as")
        _ = try contentDepth.deeper(array: true)
        let list = wire.beginArray(elementAlignment: 4)
        for string in strings {
            try wire.append(string: string)
            try Self.checkLength(wire.count - list.start)
        }
        wire.endArray(list)
        try endEntry()
    }

    /// An entry whose value is an array of dictionaries, each written by `marshal` as this writer writes one.
    ///
    /// - Throws: What `marshal` throws; `.nestingTooDeep`, `.messageTooLarge` beyond the limits.
    public mutating func append<Element>(
        _ key: String, dictionaries: [Element],
        marshalling marshal: (Element, inout DBusDictionaryWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        try beginEntry(key, signature: "aa{sv}")
        let depth = try contentDepth.deeper(array: true)
        let list = wire.beginArray(elementAlignment: 4)
        for element in dictionaries {
            var writer = try DBusDictionaryWriter(continuing: &wire, depth: depth)
            try marshal(element, &writer)
            writer.end(into: &wire)
            try Self.checkLength(wire.count - list.start)
        }
        wire.endArray(list)
        try endEntry()
    }

    /// An entry whose value is `value`, of any type, as `DBusValue.vardict` writes it.
    ///
    /// - Throws: As `DBusMessage.append(_:)` for a value the wire refuses.
    public mutating func append(_ key: String, value: DBusValue) throws(DBusError) {
        try beginEntry(key)
        try value.marshalAsVariant(into: &wire, depth: entryDepth)
        try endEntry()
    }

    private mutating func append<Integer: FixedWidthInteger>(_ key: String, integer: Integer, code: UInt8)
        throws(DBusError)
    {
        try beginEntry(key, basic: code)
        wire.append(integer)
        try endEntry()
    }

    /// The entry's key, at the 8-byte boundary an entry starts at.
    private mutating func beginEntry(_ key: String) throws(DBusError) {
        wire.pad(to: 8)
        try wire.append(string: key)
    }

    /// The key and the signature of a variant holding one basic value.
    private mutating func beginEntry(_ key: String, basic code: UInt8) throws(DBusError) {
        try beginEntry(key)
        wire.append(byte: 1)
        wire.append(byte: code)
        wire.append(byte: 0)
    }

    /// The key and the signature of a variant holding a container of a signature known to be valid.
    private mutating func beginEntry(_ key: String, signature: StaticString) throws(DBusError) {
        try beginEntry(key)
        wire.append(byte: UInt8(truncatingIfNeeded: signature.utf8CodeUnitCount))
        wire.append(contentsOf: UnsafeRawBufferPointer(start: signature.utf8Start, count: signature.utf8CodeUnitCount))
        wire.append(byte: 0)
    }

    private func endEntry() throws(DBusError) {
        try Self.checkLength(wire.count - array.start)
    }

    private static func checkLength(_ length: Int) throws(DBusError) {
        guard length <= WireLimits.maximumArrayLength else {
            throw .messageTooLarge(bytes: length, limit: WireLimits.maximumArrayLength)
        }
    }
}

extension DBusMarshalledValue {
    /// Marshals an `a{sv}` dictionary whose entries `write` writes, to be placed as an element of an array: the same
    /// bytes and the same checks as `DBusMarshalledValue(_:)` of the `DBusValue` that has those entries.
    ///
    /// - Throws: What `write` throws.
    public init(dictionary write: (inout DBusDictionaryWriter) throws(DBusError) -> Void) throws(DBusError) {
        // A tip's dictionary is some 1.5 KiB: room for it at once.
        var wire = WireBytes(capacity: 2048)
        // It will be an element of an array: one level deeper than the body.
        var writer = try DBusDictionaryWriter(continuing: &wire, depth: try NestingDepth().deeper(array: true))
        try write(&writer)
        writer.end(into: &wire)
        self.init(signature: "a{sv}", bytes: wire.finished())
    }
}
