import CSystem
import Glibc

/// A message's bytes in D-Bus's wire format, little-endian, as this binding marshals them: headers, bodies, and the
/// replies kept and copied (`DBusReplyBody`). Offsets count from the start of what is written, so a body written here keeps its alignment after a header padded to 8 bytes.
///
/// The storage is zero-filled ahead of what is written, so padding is a step over zeros already there, and each
/// value is stored with one bounds check rather than appended byte by byte (a tip's dictionary, some 1.5 KiB, was
/// most of a changed tip's read: docs/BENCHMARKS.md).
struct WireBytes {
    /// Zero from `count` on: nothing is ever written past what is counted but by a write that then counts it.
    private var storage: [UInt8]
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int = 1024) {
        storage = []
        reserve(capacity)
    }

    /// Bytes that go on from `bytes`, written before from a boundary of 8 (a body appended to).
    init(continuing bytes: [UInt8]) {
        storage = bytes
        count = bytes.count
    }

    /// The bytes written, for a writer done with them.
    consuming func finished() -> [UInt8] {
        storage.removeLast(storage.count - count)
        return storage
    }

    /// Calls `body` with the bytes written.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Makes room for `size` more bytes, zero-filled. Every value written asks: the common case, room enough, is
    /// inlined into the writer, and only growing is a call.
    @inline(__always)
    private mutating func reserve(_ size: Int) {
        let needed = count + size
        if needed > storage.count { grow(to: needed) }
    }

    /// Grows the storage to at least `needed` bytes, doubling, zero-filled.
    @inline(never)
    private mutating func grow(to needed: Int) {
        var missing = max(needed, 2 * storage.count) - storage.count
        storage.reserveCapacity(storage.count + missing)
        // Copied from zeros (a memcpy): an array made at its size goes through the standard library's unspecialized
        // code, which looks the storage's type up at run time, and zeros appended one by one cost an instruction or
        // two a byte.
        while missing > 0 {
            let chunk = min(missing, Int(CSYSTEM_ZEROS_SIZE))
            // Typed as the array's elements, so that the append is one copy of contiguous storage.
            storage.append(
                contentsOf: UnsafeBufferPointer(
                    start: csystem_zeros().assumingMemoryBound(to: UInt8.self), count: chunk))
            missing -= chunk
        }
    }

    /// Forgets what was written, keeping the storage for the next message: the bytes written are zeroed again.
    mutating func removeAll() {
        storage.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { memset(base, 0, count) }
        }
        count = 0
    }

    /// Steps to the next multiple of `boundary` (a power of two), over zeros.
    mutating func pad(to boundary: Int) {
        let padded = (count + boundary - 1) & ~(boundary - 1)
        reserve(padded - count)
        count = padded
    }

    mutating func append(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// An integer at its own alignment.
    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        let size = MemoryLayout<Integer>.size
        pad(to: size)
        reserve(size)
        let offset = count
        storage.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Integer.self) }
        count += size
    }

    /// A string or object path: its length, its bytes, a NUL.
    ///
    /// - Throws: `DBusError.invalidString` for a string holding NUL, which the copy finds as it goes (`memccpy`);
    ///   what was written is then unusable.
    mutating func append(string: String) throws(DBusError) {
        var text = string
        let clean = text.withUTF8 { utf8 in append(terminated: UnsafeRawBufferPointer(utf8)) }
        if !clean { throw .invalidString(string) }
    }

    /// A signature: its length in one byte, its bytes, a NUL. The caller has checked it.
    mutating func append(signature: String) {
        var text = signature
        text.withUTF8 { utf8 in
            append(byte: UInt8(truncatingIfNeeded: utf8.count))
            append(contentsOf: UnsafeRawBufferPointer(utf8))
        }
        append(byte: 0)
    }

    /// A header field holding a string or object path: its code and the variant, at the 8-byte boundary a field
    /// starts at.
    mutating func headerField(_ code: UInt8, _ type: Unicode.Scalar, string: String) throws(DBusError) {
        pad(to: 8)
        append(byte: code)
        append(byte: 1)
        append(byte: UInt8(ascii: type))
        append(byte: 0)
        try append(string: string)
    }

    /// `text`'s length as a `u`, its bytes and a NUL; false when `text` holds a NUL.
    private mutating func append(terminated text: UnsafeRawBufferPointer) -> Bool {
        pad(to: 4)
        reserve(4 + text.count + 1)
        let offset = count
        count += 4 + text.count + 1
        return storage.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(text.count).littleEndian, toByteOffset: offset, as: UInt32.self)
            guard let source = text.baseAddress, let base = raw.baseAddress else { return true }
            return memccpy(base + offset + 4, source, 0, text.count) == nil
        }
    }

    /// Starts an array: a length to fill in, then the padding to its elements' alignment, which the length does not
    /// count. Returns where the length is and where the elements start.
    mutating func beginArray(elementAlignment: Int) -> (length: Int, start: Int) {
        append(UInt32(0))
        let length = count - 4
        pad(to: elementAlignment)
        return (length, count)
    }

    /// Writes the length of the array begun at `array`.
    mutating func endArray(_ array: (length: Int, start: Int)) {
        let length = UInt32(count - array.start)
        storage.withUnsafeMutableBytes {
            $0.storeBytes(of: length.littleEndian, toByteOffset: array.length, as: UInt32.self)
        }
    }

    /// Bytes as they are.
    /// Ends a message's header fields (`fields`, the array begun after the fixed header) with the body's signature
    /// when it has one (field 8, `g`), pads the header to 8 bytes and appends `body`.
    ///
    /// - Throws: `DBusError.messageTooLarge` past the 128 MiB a message may have.
    mutating func finishMessage(fields: (length: Int, start: Int), signature: String, body: UnsafeRawBufferPointer)
        throws(DBusError)
    {
        if !signature.isEmpty {
            pad(to: 8)
            append(byte: 8)
            append(signature: "g")
            append(signature: signature)
        }
        endArray(fields)
        pad(to: 8)
        append(contentsOf: body)
        guard count <= WireLimits.maximumMessageLength else {
            throw .messageTooLarge(bytes: count, limit: WireLimits.maximumMessageLength)
        }
    }

    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        let offset = count
        storage.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { memcpy(base + offset, source, bytes.count) }
        }
        count += bytes.count
    }

    /// Bytes as they are, from an array or a slice of one.
    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { append(contentsOf: UnsafeRawBufferPointer($0)) }
        if copied == nil {
            for byte in bytes { append(byte: byte) }
        }
    }

    /// What `other` wrote, as it is.
    mutating func append(contentsOf other: WireBytes) {
        other.withUnsafeBytes { append(contentsOf: $0) }
    }
}
