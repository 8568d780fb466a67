/// What a walk of the wire format (`WireReader`) makes of each value once it has read and checked it: the value
/// (``MadeValues``), or nothing (``CheckedValues``) when the check is all that is wanted.
///
/// The walk is generic over it, so that making and checking follow one set of rules; the compiler specializes each,
/// and checking makes no value, no text and no array.
protocol WireValueReading {
    /// A value as the walk gives it.
    associatedtype Value
    /// The elements of an array or the fields of a structure, gathered in order.
    associatedtype Elements
    /// The entries of a dictionary, gathered in order.
    associatedtype Entries

    /// No elements yet.
    static func elements() -> Elements
    /// No entries yet.
    static func entries() -> Entries
    /// Adds `element` after the elements gathered.
    static func append(_ element: Value, to elements: inout Elements)
    /// Adds an entry after the entries gathered.
    static func append(key: Value, value: Value, to entries: inout Entries)

    /// A fixed-size value, an object path or a signature, already read and checked, as `make` makes it.
    static func basic(_ make: () -> DBusValue) -> Value
    /// A string from its bytes (without their NUL), checked as UTF-8 without NUL.
    ///
    /// - Throws: `DBusError.invalidMessage` for bytes that are not.
    static func string(_ content: UnsafeRawBufferPointer) throws(DBusError) -> Value
    /// A variant holding `content`.
    static func variant(_ content: Value) -> Value
    /// A structure of `fields`.
    static func structure(_ fields: Elements) -> Value
    /// An array of `elements`, whose type is `element` (a complete type's signature).
    static func array(of element: UnsafeRawBufferPointer, _ elements: Elements) -> Value
    /// An array of the bytes `content`.
    static func bytes(_ content: UnsafeRawBufferPointer) -> Value
    /// A dictionary of `entries`, whose key and value types are `key` and `value` (complete types' signatures).
    static func dictionary(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, _ entries: Entries) -> Value
}

/// The walk that makes each value it reads: a peer's message read.
enum MadeValues: WireValueReading {
    static func elements() -> [DBusValue] { [] }
    static func entries() -> [DBusDictEntry] { [] }
    static func append(_ element: DBusValue, to elements: inout [DBusValue]) { elements.append(element) }
    static func append(key: DBusValue, value: DBusValue, to entries: inout [DBusDictEntry]) {
        entries.append(DBusDictEntry(key: key, value: value))
    }
    static func basic(_ make: () -> DBusValue) -> DBusValue { make() }
    static func string(_ content: UnsafeRawBufferPointer) throws(DBusError) -> DBusValue {
        .string(try WireReader.utf8(content))
    }
    static func variant(_ content: DBusValue) -> DBusValue { .variant(content) }
    static func structure(_ fields: [DBusValue]) -> DBusValue { .structure(fields) }
    static func array(of element: UnsafeRawBufferPointer, _ elements: [DBusValue]) -> DBusValue {
        .array(DBusSignature(unchecked: String(decoding: element, as: UTF8.self)), elements)
    }
    static func bytes(_ content: UnsafeRawBufferPointer) -> DBusValue {
        .array(.byte, content.map { DBusValue.byte($0) })
    }
    static func dictionary(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, _ entries: [DBusDictEntry])
        -> DBusValue
    {
        .dictionary(
            key: DBusSignature(unchecked: String(decoding: key, as: UTF8.self)),
            value: DBusSignature(unchecked: String(decoding: value, as: UTF8.self)), entries)
    }
}

/// The walk that only checks: a body whose values may never be asked for (a reply, a signal).
enum CheckedValues: WireValueReading {
    static func elements() {}
    static func entries() {}
    static func append(_ element: Void, to elements: inout Void) {}
    static func append(key: Void, value: Void, to entries: inout Void) {}
    static func basic(_ make: () -> DBusValue) {}
    static func string(_ content: UnsafeRawBufferPointer) throws(DBusError) {
        // Text is made only when it is not ASCII, the one case whose check is the standard library's.
        if !WireReader.isASCIIWithoutNUL(content) { _ = try WireReader.utf8(content) }
    }
    static func variant(_ content: Void) {}
    static func structure(_ fields: Void) {}
    static func array(of element: UnsafeRawBufferPointer, _ elements: Void) {}
    static func bytes(_ content: UnsafeRawBufferPointer) {}
    static func dictionary(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, _ entries: Void) {}
}
