import Glibc

/// The names of the locales in a glibc locale archive (`/usr/lib/locale/locale-archive`, what `localedef
/// --list-archive` prints), read from the file: its header, its table of names and its strings, as glibc's
/// `locarchive.h` lays them out, in the machine's byte order.
enum LocaleArchive {
    /// `AR_MAGIC`.
    static let magic: UInt32 = 0xDE02_0109
    /// The table of names and its strings are small (kilobytes); a file claiming more is not an archive.
    static let largestTable = 4 * 1_024 * 1_024

    /// The locale names in the archive at `path`, such as `de_DE.utf8`; none when it is missing or not an archive.
    static func names(at path: String) -> Set<String> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        // struct locarhead: magic, serial, then (offset, used, size) for the names, strings, records and sums.
        guard let header = read(descriptor, at: 0, count: 14 * 4), header.count == 56 else { return [] }
        let field = { (index: Int) in
            header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) }
        }
        guard field(0) == magic else { return [] }
        let (tableOffset, tableSize) = (Int(field(2)), Int(field(4)))
        let (stringsOffset, stringsUsed) = (Int(field(5)), Int(field(6)))
        guard tableSize * 12 <= largestTable, stringsUsed <= largestTable,
            let table = read(descriptor, at: tableOffset, count: tableSize * 12), table.count == tableSize * 12,
            let strings = read(descriptor, at: stringsOffset, count: stringsUsed), strings.count == stringsUsed
        else { return [] }
        var names = Set<String>()
        for entry in 0..<tableSize {
            // struct namehashent: hash value, name offset (from the file's start), record offset (0: empty slot).
            let (nameOffset, recordOffset) = table.withUnsafeBytes {
                (
                    Int($0.loadUnaligned(fromByteOffset: entry * 12 + 4, as: UInt32.self)),
                    $0.loadUnaligned(fromByteOffset: entry * 12 + 8, as: UInt32.self)
                )
            }
            let start = nameOffset - stringsOffset
            guard nameOffset != 0, recordOffset != 0, start >= 0, start < strings.count else { continue }
            let end = strings[start...].firstIndex(of: 0) ?? strings.endIndex
            names.insert(String(decoding: strings[start..<end], as: UTF8.self))
        }
        return names
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
