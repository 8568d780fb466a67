/// The `key=value` entries of a key file (the Desktop Entry Specification's format, as GLib's `GKeyFile` reads it),
/// read from its bytes: every line ending (`\n`, `\r\n`, `\r`), a UTF-8 byte order mark, comments and blank lines.
///
/// Lines are split on bytes rather than on `Character`s: `"\r\n"` is one `Character` in Swift, so splitting text on
/// `"\n"` leaves a Windows file one line long.
public struct KeyFileEntries: Sendable {
    /// One `key=value` line: the group it is in, the key and value without surrounding spaces, its line number.
    public struct Entry: Equatable, Sendable {
        /// The group's name, without brackets; `""` before the first group.
        public var group: String
        /// The key, as written (`Enabled`, `Name[de]`).
        public var key: String
        /// The value, spaces and tabs around it removed.
        public var value: String
        /// The line number, from 1.
        public var line: Int
    }

    /// Every entry, in the file's order.
    public let entries: [Entry]

    /// Reads `bytes`. Invalid UTF-8 becomes U+FFFD; a line that is neither a group, an entry, a comment nor blank is
    /// passed over, as `GKeyFile` does with `G_KEY_FILE_NONE`'s tolerance of what it does not understand.
    public init(bytes: some Collection<UInt8>) {
        var bytes = Array(bytes)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var entries: [Entry] = []
        var group = ""
        var number = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
            number += 1
            let line = String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces
            start = end
            if start < bytes.endIndex {
                // "\r\n" ends one line, not two.
                let isCarriageReturn = bytes[start] == 0x0D
                start = bytes.index(after: start)
                if isCarriageReturn, start < bytes.endIndex, bytes[start] == 0x0A { start = bytes.index(after: start) }
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            entries.append(
                Entry(
                    group: group, key: String(line[..<equals].trimmingSpaces),
                    value: String(line[line.index(after: equals)...].trimmingSpaces), line: number))
        }
        self.entries = entries
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let characters = self[...]
        let start = characters.firstIndex { $0 != " " && $0 != "\t" } ?? characters.endIndex
        let end = characters.lastIndex { $0 != " " && $0 != "\t" }.map(characters.index(after:))
        return Substring(characters[start..<(end ?? start)])
    }
}
