/// The D-Bus specification's rules for names and paths, shared by the validated name types.
enum NameRules {
    /// The longest bus, interface, member or error name D-Bus accepts.
    static let maximumNameLength = 255

    /// Whether `byte` is in `[A-Za-z0-9_]`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // Each check walks the text's UTF-8 in place, allocating nothing: a message read from a peer checks five names.

    /// Why `text` is not a valid object path, or `nil` when it is.
    static func objectPathProblem(_ text: String) -> String? {
        let bytes = text.utf8
        guard let first = bytes.first else { return "empty" }
        guard first == UInt8(ascii: "/") else { return "must start with '/'" }
        if bytes.count == 1 { return nil }
        guard bytes.last != UInt8(ascii: "/") else { return "must not end with '/'" }
        var previousWasSlash = true
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if previousWasSlash { return "must not contain empty elements" }
                previousWasSlash = true
            } else if isWordByte(byte) {
                previousWasSlash = false
            } else {
                return "elements may contain only [A-Za-z0-9_]"
            }
        }
        return nil
    }

    /// Why `text` is not a valid dotted name (interface or error), or `nil` when it is.
    static func dottedNameProblem(_ text: String) -> String? {
        let bytes = text.utf8
        guard !bytes.isEmpty else { return "empty" }
        guard bytes.count <= maximumNameLength else { return "longer than \(maximumNameLength) bytes" }
        return elementsProblem(bytes[...], digitFirst: "elements must not start with a digit", dash: false)
    }

    /// Why `text` is not a valid member name, or `nil` when it is.
    static func memberNameProblem(_ text: String) -> String? {
        let bytes = text.utf8
        guard let first = bytes.first else { return "empty" }
        guard bytes.count <= maximumNameLength else { return "longer than \(maximumNameLength) bytes" }
        guard !isDigit(first) else { return "must not start with a digit" }
        guard bytes.allSatisfy(isWordByte) else { return "may contain only [A-Za-z0-9_]" }
        return nil
    }

    /// Why `text` is not a valid bus name (unique `:1.42` or well-known `org.feels.Tips`), or `nil` when it is.
    static func busNameProblem(_ text: String) -> String? {
        let bytes = text.utf8
        guard !bytes.isEmpty else { return "empty" }
        guard bytes.count <= maximumNameLength else { return "longer than \(maximumNameLength) bytes" }
        if bytes.first == UInt8(ascii: ":") {
            return elementsProblem(bytes.dropFirst(), digitFirst: nil, dash: true)
        }
        return elementsProblem(
            bytes[...], digitFirst: "elements of a well-known name must not start with a digit", dash: true)
    }

    /// Why the dot-separated `elements` do not make a name: fewer than two, one empty, one starting with a digit
    /// (when `digitFirst` says why that is wrong), a byte outside `[A-Za-z0-9_]` (and `-` with `dash`). The first
    /// element at fault is the one named, as each element is checked in turn.
    private static func elementsProblem(_ elements: Substring.UTF8View, digitFirst: String?, dash: Bool) -> String? {
        guard elements.contains(UInt8(ascii: ".")) else { return "needs at least two elements separated by '.'" }
        var elementStart = true
        for byte in elements {
            if byte == UInt8(ascii: ".") {
                if elementStart { return "must not contain empty elements" }
                elementStart = true
                continue
            }
            if elementStart, isDigit(byte), let digitFirst { return digitFirst }
            guard isWordByte(byte) || (dash && byte == UInt8(ascii: "-")) else {
                return dash ? "elements may contain only [A-Za-z0-9_-]" : "elements may contain only [A-Za-z0-9_]"
            }
            elementStart = false
        }
        return elementStart ? "must not contain empty elements" : nil
    }
}
