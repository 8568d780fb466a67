extension ContractInterface {
    /// The `<interface>` element that `Introspect` shows: what the contract states, with its annotations, in the
    /// standard form (indented as inside a `<node>`, 2 spaces a level; the contract's comments and layout left out).
    var introspectionXML: String {
        var lines = ["  <interface name=\"\(name.xmlEscaped)\">"]
        for method in methods {
            let arguments =
                method.inputs.map { Self.argument($0, direction: "in") }
                + method.outputs.map { Self.argument($0, direction: "out") }
            lines += Self.element("method", [("name", method.name)], children: arguments + Self.annotations(method))
        }
        for signal in signals {
            let arguments = signal.arguments.map { Self.argument($0, direction: nil) }
            lines += Self.element("signal", [("name", signal.name)], children: arguments + Self.annotations(signal))
        }
        for property in properties {
            let attributes = [("name", property.name), ("type", property.type), ("access", property.access)]
            lines += Self.element("property", attributes, children: Self.annotations(property))
        }
        lines += Self.annotations(self).flatMap { $0 }
        lines.append("  </interface>")
        return lines.map { $0 + "\n" }.joined()
    }

    /// An element at the depth of a member (4 spaces), its children 2 spaces deeper; closed at once when it has none.
    private static func element(_ tag: String, _ attributes: [(String, String)], children: [[String]]) -> [String] {
        let open = "    <\(tag)" + attributes.map { " \($0.0)=\"\($0.1.xmlEscaped)\"" }.joined()
        guard !children.isEmpty else { return [open + "/>"] }
        return [open + ">"] + children.flatMap { $0 }.map { "  " + $0 } + ["    </\(tag)>"]
    }

    private static func argument(_ argument: ContractArgument, direction: String?) -> [String] {
        let attributes =
            (argument.name.isEmpty ? [] : [("name", argument.name)]) + [("type", argument.type)]
            + (direction.map { [("direction", $0)] } ?? [])
        return element("arg", attributes, children: annotations(argument))
    }

    /// Each annotation as a child of a member, as one line.
    private static func annotations(_ annotated: some Annotated) -> [[String]] {
        annotated.annotations.map {
            ["    <annotation name=\"\($0.name.xmlEscaped)\" value=\"\($0.value.xmlEscaped)\"/>"]
        }
    }
}

extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by XML entities, and a line break by its character
    /// reference, which an attribute would otherwise read as a space.
    var xmlEscaped: String {
        var result = ""
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            default: result.append(character)
            }
        }
        return result
    }
}
