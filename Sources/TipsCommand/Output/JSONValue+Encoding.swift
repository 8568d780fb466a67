extension JSONValue {
    /// The value as JSON text (RFC 8259), without a trailing newline.
    ///
    /// Strings are escaped as JSON requires (quotes, backslashes, every control character); other characters,
    /// non-ASCII ones included, are written as they are, in UTF-8.
    ///
    /// - Parameter pretty: Indent nested values by two spaces, one member or element a line; otherwise write
    ///   everything on one line.
    /// - Returns: The text.
    public func encoded(pretty: Bool) -> String {
        var text = ""
        write(to: &text, pretty: pretty, indent: "")
        return text
    }

    private func write(to text: inout String, pretty: Bool, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .unsignedInteger(let value): text += String(value)
        case .number(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &text, pretty: pretty, indent: indent) {
                element, text, inner in
                element.write(to: &text, pretty: pretty, indent: inner)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &text, pretty: pretty, indent: indent) {
                member, text, inner in
                Self.writeString(member.0, to: &text)
                text += pretty ? ": " : ":"
                member.1.write(to: &text, pretty: pretty, indent: inner)
            }
        }
    }

    private func writeContainer<Item>(
        _ items: [Item], open: String, close: String, to text: inout String, pretty: Bool, indent: String,
        item writeItem: (Item, inout String, String) -> Void
    ) {
        text += open
        guard !items.isEmpty else {
            text += close
            return
        }
        let inner = indent + "  "
        for (index, item) in items.enumerated() {
            if index > 0 { text += "," }
            if pretty { text += "\n" + inner }
            writeItem(item, &text, inner)
        }
        if pretty { text += "\n" + indent }
        text += close
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
