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

    /// Why `text` is not a valid object path, or `nil` when it is.
    static func objectPathProblem(_ text: String) -> String? {
        let bytes = Array(text.utf8)
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
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return "empty" }
        guard bytes.count <= maximumNameLength else { return "longer than \(maximumNameLength) bytes" }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return "needs at least two elements separated by '.'" }
        for element in elements {
            guard let first = element.first else { return "must not contain empty elements" }
            guard !isDigit(first) else { return "elements must not start with a digit" }
            guard element.allSatisfy(isWordByte) else { return "elements may contain only [A-Za-z0-9_]" }
        }
        return nil
    }

    /// Why `text` is not a valid member name, or `nil` when it is.
    static func memberNameProblem(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return "empty" }
        guard bytes.count <= maximumNameLength else { return "longer than \(maximumNameLength) bytes" }
        guard !isDigit(first) else { return "must not start with a digit" }
        guard bytes.allSatisfy(isWordByte) else { return "may contain only [A-Za-z0-9_]" }
        return nil
    }

    /// Why `text` is not a valid bus name (unique `:1.42` or well-known `org.feels.Tips`), or `nil` when it is.
    static func busNameProblem(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return "empty" }
        guard bytes.count <= maximumNameLength else { return "longer than \(maximumNameLength) bytes" }
        let isUnique = bytes.first == UInt8(ascii: ":")
        let body = isUnique ? bytes.dropFirst() : bytes[...]
        let elements = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return "needs at least two elements separated by '.'" }
        for element in elements {
            guard let first = element.first else { return "must not contain empty elements" }
            if !isUnique && isDigit(first) { return "elements of a well-known name must not start with a digit" }
            let valid = element.allSatisfy { isWordByte($0) || $0 == UInt8(ascii: "-") }
            guard valid else { return "elements may contain only [A-Za-z0-9_-]" }
        }
        return nil
    }
}
