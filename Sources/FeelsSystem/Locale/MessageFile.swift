import Glibc

/// One compiled gettext catalog (`.mo`), read whole: each English message with its translation.
///
/// Read by us rather than through the C library's `gettext`, so that a language is found by its catalog alone:
/// no locale of the C library needs to be installed for it, and no per-name cache of the C library grows with the
/// names callers send.
public struct MessageFile: Sendable {
    /// The largest catalog read: Feels Tips' own are a few kilobytes.
    public static let maximumSize = 1 << 20

    /// Each message id with its translation; the header (the empty id) left out.
    public let translations: [String: String]

    /// Reads the catalog at `path`; `nil` when there is none there, it is no regular file, it is larger than
    /// ``maximumSize``, or it is not a catalog.
    public init?(path: String) {
        guard let bytes = (try? RegularFile.read(path, limit: Self.maximumSize)) ?? nil, let table = Self.parse(bytes)
        else { return nil }
        translations = table
    }

    /// Parses a catalog's bytes (the GNU gettext `.mo` format, either byte order).
    static func parse(_ bytes: [UInt8]) -> [String: String]? {
        func word(_ offset: Int, swapped: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let value =
                UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
            return Int(swapped ? value.byteSwapped : value)
        }
        guard let magic = word(0, swapped: false), magic == 0x9504_12de || magic == 0xde12_0495 else { return nil }
        let swapped = magic == 0xde12_0495
        guard let count = word(8, swapped: swapped), let originals = word(12, swapped: swapped),
            let translated = word(16, swapped: swapped), count <= bytes.count / 16
        else { return nil }
        func string(in table: Int, at index: Int) -> String? {
            guard let length = word(table + index * 8, swapped: swapped),
                let offset = word(table + index * 8 + 4, swapped: swapped), offset + length <= bytes.count
            else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var table: [String: String] = [:]
        for index in 0..<count {
            guard let original = string(in: originals, at: index), let translation = string(in: translated, at: index)
            else { return nil }
            // Plural forms and contexts hold NULs and 0x04s; Feels Tips has neither, and skips any it finds. An empty
            // translation (a catalog compiled with --use-untranslated) would blank the words: the English stands.
            guard !original.isEmpty, !translation.isEmpty, !original.utf8.contains(0), !original.utf8.contains(4)
            else { continue }
            table[original] = translation
        }
        return table
    }
}
