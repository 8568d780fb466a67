/// How contract names become Swift names.
enum SwiftNames {
    /// Words Swift reserves, which a name must be written in backquotes to use.
    static let keywords: Set = [
        "operator", "override", "default", "in", "is", "as", "for", "where", "case", "switch", "static", "class",
        "struct", "enum", "protocol", "func", "var", "let", "return", "true", "false", "nil", "self", "Self", "init",
        "import", "internal", "public", "private", "repeat", "while", "do", "try", "throw", "throws", "catch", "if",
        "else", "guard", "defer", "break", "continue", "extension", "subscript", "typealias", "associatedtype",
    ]

    /// `LogMood` → `logMood`, `mood_log_count` → `moodLogCount`.
    static func lowerCamel(_ name: String) -> String {
        let words = name.split(separator: "_")
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += word.prefix(1).lowercased() + word.dropFirst()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return result
    }

    /// `mood_log_count` → `MoodLogCount`.
    static func upperCamel(_ name: String) -> String {
        let lower = lowerCamel(name)
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// A name usable as an identifier: in backquotes when Swift reserves it.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The Swift namespace of an interface: `org.feels.Tips1` → `Tips1`, `org.feels.Tips1.Testing` → `Tips1Testing`.
    static func namespace(of interface: String) -> String {
        interface.split(separator: ".").dropFirst(2).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    /// `text` as `///` lines of at most `width` columns at `indent`.
    static func documentation(_ text: String, indent: String, width: Int = 120) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = indent + "///"
            for word in paragraph.split(separator: " ") {
                if line.count + 1 + word.count > width, line != indent + "///" {
                    lines.append(line)
                    line = indent + "///"
                }
                line += " " + word
            }
            lines.append(line)
        }
        return lines
    }
}
