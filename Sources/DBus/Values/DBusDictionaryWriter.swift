import CDBus

/// Writes one `a{sv}` dictionary into a message entry by entry, for code generated from a contract: a dictionary of a
/// fixed shape needs no `DBusValue` tree built first.
///
/// Each entry gets the checks `DBusMessage.append(_:)` makes of `DBusValue.vardict`: a key or a string holding NUL
/// is refused, a value nested too deep, a dictionary beyond the array limit. A message a writer failed in is unusable.
public struct DBusDictionaryWriter {
    /// The open `a{sv}` container.
    private let iter: UnsafeMutablePointer<DBusMessageIter>
    /// The body offset after what is written so far, and where the entries start, for the size limits.
    private var offset: Int
    private let start: Int
    /// The depth of each entry's key and value, and of a variant's content.
    private let entryDepth: NestingDepth
    private let contentDepth: NestingDepth

    private init(iter: UnsafeMutablePointer<DBusMessageIter>, offset: Int, entryDepth: NestingDepth) throws(DBusError) {
        self.iter = iter
        self.offset = offset
        self.start = offset
        self.entryDepth = entryDepth
        contentDepth = try DBusValue.checkVariant(depth: entryDepth)
    }

    /// Appends at `iter` the dictionary `write` writes, its own depth `depth`, starting at body offset `offset`.
    ///
    /// - Returns: The body offset after the dictionary.
    static func write(
        into iter: inout DBusMessageIter, at offset: Int, depth: NestingDepth,
        _ write: (inout DBusDictionaryWriter) throws(DBusError) -> Void
    ) throws(DBusError) -> Int {
        let entryDepth = try depth.deeper(array: true).deeper(array: false)
        let start = (offset + 3) / 4 * 4 + 4
        return try DBusValue.appendContainer(CDBUS_TYPE_ARRAY, contained: "{sv}", to: &iter) {
            (sub) throws(DBusError) -> Int in
            try withUnsafeMutablePointer(to: &sub) { (pointer) throws(DBusError) -> Int in
                var writer = try DBusDictionaryWriter(
                    iter: pointer, offset: (start + 7) / 8 * 8, entryDepth: entryDepth)
                try write(&writer)
                return writer.offset
            }
        }
    }

    /// An entry whose value is a string.
    ///
    /// - Throws: `DBusError.invalidString` for a key or a string holding NUL; `.messageTooLarge` beyond the limit.
    public mutating func append(_ key: String, string: String) throws(DBusError) {
        try append(key, basic: .string(string))
    }

    /// An entry whose value is an object path.
    public mutating func append(_ key: String, objectPath: ObjectPath) throws(DBusError) {
        try append(key, basic: .objectPath(objectPath))
    }

    /// An entry whose value is a signature.
    public mutating func append(_ key: String, signature: DBusSignature) throws(DBusError) {
        try append(key, basic: .signature(signature))
    }

    /// An entry whose value is a boolean.
    public mutating func append(_ key: String, boolean: Bool) throws(DBusError) {
        try append(key, basic: .boolean(boolean))
    }

    /// An entry whose value is a byte.
    public mutating func append(_ key: String, byte: UInt8) throws(DBusError) {
        try append(key, basic: .byte(byte))
    }

    /// An entry whose value is an `n`.
    public mutating func append(_ key: String, int16: Int16) throws(DBusError) {
        try append(key, basic: .int16(int16))
    }

    /// An entry whose value is a `q`.
    public mutating func append(_ key: String, uint16: UInt16) throws(DBusError) {
        try append(key, basic: .uint16(uint16))
    }

    /// An entry whose value is an `i`.
    public mutating func append(_ key: String, int32: Int32) throws(DBusError) {
        try append(key, basic: .int32(int32))
    }

    /// An entry whose value is a `u`.
    public mutating func append(_ key: String, uint32: UInt32) throws(DBusError) {
        try append(key, basic: .uint32(uint32))
    }

    /// An entry whose value is an `x`.
    public mutating func append(_ key: String, int64: Int64) throws(DBusError) {
        try append(key, basic: .int64(int64))
    }

    /// An entry whose value is a `t`.
    public mutating func append(_ key: String, uint64: UInt64) throws(DBusError) {
        try append(key, basic: .uint64(uint64))
    }

    /// An entry whose value is a `d`.
    public mutating func append(_ key: String, double: Double) throws(DBusError) {
        try append(key, basic: .double(double))
    }

    /// An entry whose value is an array of strings.
    ///
    /// - Throws: `DBusError.invalidString` for a string holding NUL; `.messageTooLarge` beyond the limit.
    public mutating func append(_ key: String, strings: [String]) throws(DBusError) {
        try append(key, value: .array(.string, strings.map { .string($0) }))
    }

    /// An entry whose value is an array of dictionaries, each written by `marshal` as this writer writes one.
    ///
    /// - Throws: What `marshal` throws; `.nestingTooDeep`, `.messageTooLarge` beyond the limits.
    public mutating func append<Element>(
        _ key: String, dictionaries: [Element],
        marshalling marshal: (Element, inout DBusDictionaryWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        let listDepth = try contentDepth.deeper(array: true)
        try entry(key, signature: "aa{sv}") { (content, offset) throws(DBusError) -> Int in
            let start = (offset + 3) / 4 * 4 + 4
            return try DBusValue.appendContainer(CDBUS_TYPE_ARRAY, contained: "a{sv}", to: &content) {
                (list) throws(DBusError) -> Int in
                var end = start
                for element in dictionaries {
                    end = try Self.write(into: &list, at: end, depth: listDepth) { (writer) throws(DBusError) in
                        try marshal(element, &writer)
                    }
                    try DBusValue.checkArrayLength(end - start)
                }
                return end
            }
        }
    }

    /// An entry whose value is `value`, of any type, as `DBusValue.vardict` writes it.
    ///
    /// - Throws: As `DBusMessage.append(_:)` for a value it refuses.
    public mutating func append(_ key: String, value: DBusValue) throws(DBusError) {
        let signature = value.signatureText
        let inner = try DBusValue.checkVariant(signature: signature, depth: entryDepth)
        try entry(key, signature: signature) { (content, offset) throws(DBusError) -> Int in
            let end = try value.checkedEnd(at: offset, depth: inner)
            try value.append(to: &content)
            return end
        }
    }

    /// An entry whose value is a basic value, whose signature is its one type code.
    private mutating func append(_ key: String, basic value: DBusValue) throws(DBusError) {
        try entry(key, signature: value.signatureText) { (content, offset) throws(DBusError) -> Int in
            let end = try value.checkedEnd(at: offset)
            try value.append(to: &content)
            return end
        }
    }

    /// Writes an entry: the key, then a variant of `signature` whose content `content` appends, given the body
    /// offset it starts at and returning the one it ends at.
    private mutating func entry(
        _ key: String, signature: String, content: (inout DBusMessageIter, Int) throws(DBusError) -> Int
    ) throws(DBusError) {
        let keyStart = (offset + 7) / 8 * 8
        let keyEnd = try DBusValue.string(key).checkedEnd(at: keyStart)
        offset = try DBusValue.appendContainer(CDBUS_TYPE_DICT_ENTRY, contained: nil, to: &iter.pointee) {
            (pair) throws(DBusError) -> Int in
            try DBusValue.appendText(key, type: CDBUS_TYPE_STRING, to: &pair)
            return try DBusValue.appendContainer(CDBUS_TYPE_VARIANT, contained: signature, to: &pair) {
                (variant) throws(DBusError) -> Int in
                try content(&variant, keyEnd + 1 + signature.utf8.count + 1)
            }
        }
        try DBusValue.checkArrayLength(offset - start)
    }
}

/// An `a{sv}` dictionary of a contract's type, kept to be written into replies as an element of an array
/// (``DBusReplyBody/init(array:of:)``).
public struct DBusMarshalledValue: Sendable {
    /// The value's signature, `a{sv}`.
    public let signature: DBusSignature
    /// Writes the dictionary's entries.
    let write: @Sendable (inout DBusDictionaryWriter) throws(DBusError) -> Void

    /// A dictionary whose entries `write` writes, each time it is placed in a reply.
    ///
    /// - Throws: Nothing today: what `write` throws comes when a reply holding it is made.
    public init(dictionary write: @escaping @Sendable (inout DBusDictionaryWriter) throws(DBusError) -> Void)
        throws(DBusError)
    {
        signature = "a{sv}"
        self.write = write
    }
}
