import Glibc

/// The header fields a connection has read and checked before, by their bytes: most messages a service receives
/// repeat a few paths, interfaces, members and bus names, and checking each name again (its rules, its UTF-8) and
/// making its text cost more than the rest of a `Ping`.
///
/// A small table of sets of four entries, each set chosen by the field's code and bytes, the most recently kept first:
/// a field not found is checked as any is, and replaces the entry of its set kept longest ago. Four ways, not one:
/// with a slot a field, two of the six fields of one kind of call sharing a slot evicted each other at every call, and
/// which did depended on the caller's unique name (a `Ping` checked two names each time in one run of
/// `scripts/profile-calls`: 19,374 instructions, 14,109 with four ways).
final class HeaderFieldCache {
    private struct Entry {
        /// The field's code and its variant's type code: a field is checked for the type it has.
        let key: UInt16
        let bytes: [UInt8]
        let text: String
    }

    /// Entries a set holds.
    static let ways = 4

    private var entries: [Entry?]
    private let setMask: Int
    /// Fields looked up and not found, for the tests.
    private(set) var misses = 0

    /// A cache of at least `capacity` entries, rounded up to a power of two of at least ``ways``.
    init(capacity: Int = 64) {
        var count = Self.ways
        while count < capacity { count *= 2 }
        entries = Array(repeating: nil, count: count)
        setMask = count / Self.ways - 1
    }

    /// The text of the field `code` of type `type` whose bytes are `bytes`, when it was checked and kept before.
    func text(code: UInt8, type: UInt8, bytes: UnsafeRawBufferPointer) -> String? {
        let key = UInt16(code) << 8 | UInt16(type)
        let first = set(key: key, bytes: bytes) * Self.ways
        for way in first..<first + Self.ways {
            guard let entry = entries[way] else { break }
            guard entry.key == key, entry.bytes.count == bytes.count else { continue }
            let same = entry.bytes.withUnsafeBytes { kept in
                bytes.isEmpty || memcmp(kept.baseAddress!, bytes.baseAddress!, bytes.count) == 0
            }
            guard same else { continue }
            return entry.text
        }
        misses += 1
        return nil
    }

    /// Keeps `text`, the checked field `code` of type `type` whose bytes are `bytes`, first in its set; the entry kept
    /// longest ago goes when the set is full. (A set is a few names a connection uses again and again: moving the one
    /// found to the front at every lookup cost more than it could save.)
    func keep(_ text: String, code: UInt8, type: UInt8, bytes: UnsafeRawBufferPointer) {
        // A name past 255 bytes is not worth keeping: no bus name or member is that long.
        guard bytes.count <= 255 else { return }
        let key = UInt16(code) << 8 | UInt16(type)
        let first = set(key: key, bytes: bytes) * Self.ways
        var index = first + Self.ways - 1
        while index > first {
            entries[index] = entries[index - 1]
            index -= 1
        }
        entries[first] = Entry(key: key, bytes: Array(bytes), text: text)
    }

    /// Which set the field falls in: for the tests, which fill one set on purpose.
    func set(code: UInt8, type: UInt8, bytes: UnsafeRawBufferPointer) -> Int {
        set(key: UInt16(code) << 8 | UInt16(type), bytes: bytes)
    }

    /// A hash of the key, the length and the first and last eight bytes, whose high bits choose the set: names that
    /// share both ends and length are rare enough, and the bytes are compared whole anyway. (The low bits of the
    /// product, which chose before, depend on little but the length and two bytes.)
    private func set(key: UInt16, bytes: UnsafeRawBufferPointer) -> Int {
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
        return Int(truncatingIfNeeded: (hash &* 0xBF58_476D_1CE4_E5B9) >> 40) & setMask
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
