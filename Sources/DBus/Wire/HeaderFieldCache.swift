import Glibc

/// The header fields a connection has read and checked before, by their bytes: most messages a service receives
/// repeat a few paths, interfaces, members and bus names, and checking each name again (its rules, its UTF-8) and
/// making its text cost more than the rest of a `Ping`.
///
/// A small table with one entry a slot, each slot chosen by the field's code and bytes: a field not found is checked
/// as any is, and replaces what its slot held.
final class HeaderFieldCache {
    private struct Entry {
        /// The field's code and its variant's type code: a field is checked for the type it has.
        let key: UInt16
        let bytes: [UInt8]
        let text: String
    }

    private var slots: [Entry?]
    private let mask: Int

    /// A cache of `capacity` slots, a power of two.
    init(capacity: Int = 64) {
        slots = Array(repeating: nil, count: capacity)
        mask = capacity - 1
    }

    /// The text of the field `code` of type `type` whose bytes are `bytes`, when it was checked and kept before.
    func text(code: UInt8, type: UInt8, bytes: UnsafeRawBufferPointer) -> String? {
        let key = UInt16(code) << 8 | UInt16(type)
        guard let entry = slots[slot(key: key, bytes: bytes)], entry.key == key,
            entry.bytes.count == bytes.count
        else { return nil }
        let same = entry.bytes.withUnsafeBytes { kept in
            bytes.isEmpty || memcmp(kept.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        return same ? entry.text : nil
    }

    /// Keeps `text`, the checked field `code` of type `type` whose bytes are `bytes`.
    func keep(_ text: String, code: UInt8, type: UInt8, bytes: UnsafeRawBufferPointer) {
        // A name past 255 bytes is not worth keeping: no bus name or member is that long.
        guard bytes.count <= 255 else { return }
        let key = UInt16(code) << 8 | UInt16(type)
        slots[slot(key: key, bytes: bytes)] = Entry(key: key, bytes: Array(bytes), text: text)
    }

    /// A hash of the key, the length and the first and last eight bytes: names that share both ends and length are
    /// rare enough, and the bytes are compared whole anyway.
    private func slot(key: UInt16, bytes: UnsafeRawBufferPointer) -> Int {
        var hash = UInt64(key) << 32 | UInt64(bytes.count)
        if bytes.count >= 8 {
            hash ^= bytes.loadUnaligned(as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15
            hash ^= bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) &* 0xC2B2_AE3D_27D4_EB4F
        } else {
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            }
        }
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash &* 0xBF58_476D_1CE4_E5B9 >> 32) & mask
    }
}

extension DBusValue {
    /// The text of a string, object path or signature; `nil` for any other value.
    var textValue: String? {
        switch self {
        case .string(let text): text
        case .objectPath(let path): path.rawValue
        case .signature(let signature): signature.rawValue
        default: nil
        }
    }
}
