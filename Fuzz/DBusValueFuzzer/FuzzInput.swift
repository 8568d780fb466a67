/// The fuzzer's input read as a stream of decisions: each read takes bytes from the front; past the end, reads give
/// zeros, so every input, however short, makes a whole value.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// Reads `bytes` from the start.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// Whether every byte has been read.
    var isExhausted: Bool { bytes.isEmpty }

    /// The bytes not read yet.
    var rest: [UInt8] { Array(bytes) }

    /// The next byte, 0 past the end.
    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A number in `0..<count`, from one byte.
    mutating func below(_ count: Int) -> Int {
        Int(byte()) % max(1, count)
    }

    /// The next `count` bytes, fewer at the end.
    mutating func take(_ count: Int) -> [UInt8] {
        let taken = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        return Array(taken)
    }

    /// A little-endian integer of `T`'s width.
    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T {
        var value: T = 0
        for index in 0..<(T.bitWidth / 8) {
            value |= T(truncatingIfNeeded: byte()) << (index * 8)
        }
        return value
    }

    /// Text of up to 255 bytes, its length first; bytes that are not UTF-8 are repaired, NUL is kept.
    mutating func text() -> String {
        String(decoding: take(Int(byte())), as: UTF8.self)
    }
}
