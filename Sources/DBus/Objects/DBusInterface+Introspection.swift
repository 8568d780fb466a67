extension DBusInterface {
    /// The `<interface>` element describing this interface, indented as inside a `<node>` (2 spaces a level).
    ///
    /// Methods, then signals, then properties, then the interface's annotations, each in declared order.
    public var introspectionXML: String {
        var lines = ["  <interface name=\"\(name.rawValue.xmlEscaped)\">"]
        for method in methods {
            lines.append("    <method name=\"\(method.name.rawValue.xmlEscaped)\">")
            lines += method.inputs.map { Self.argumentXML($0, direction: "in") }
            lines += method.outputs.map { Self.argumentXML($0, direction: "out") }
            lines += method.annotations.map { Self.annotationXML($0, indent: 6) }
            lines.append("    </method>")
        }
        for signal in signals {
            let elements =
                signal.arguments.map { Self.argumentXML($0, direction: nil) }
                + signal.annotations.map { Self.annotationXML($0, indent: 6) }
            lines += Self.element("signal", name: signal.name.rawValue, attributes: "", children: elements)
        }
        for property in properties {
            let attributes =
                " type=\"\(property.signature.rawValue.xmlEscaped)\" access=\"\(property.access.rawValue)\""
            let children = property.allAnnotations.map { Self.annotationXML($0, indent: 6) }
            lines += Self.element("property", name: property.name.rawValue, attributes: attributes, children: children)
        }
        lines += annotations.map { Self.annotationXML($0, indent: 4) }
        lines.append("  </interface>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func element(_ tag: String, name: String, attributes: String, children: [String]) -> [String] {
        let open = "    <\(tag) name=\"\(name.xmlEscaped)\"\(attributes)"
        guard !children.isEmpty else { return [open + "/>"] }
        return [open + ">"] + children + ["    </\(tag)>"]
    }

    private static func argumentXML(_ argument: DBusArgument, direction: String?) -> String {
        let name = argument.name.isEmpty ? "" : "name=\"\(argument.name.xmlEscaped)\" "
        let direction = direction.map { " direction=\"\($0)\"" } ?? ""
        let open = "      <arg \(name)type=\"\(argument.signature.rawValue.xmlEscaped)\"\(direction)"
        let annotations =
            (argument.documentation.isEmpty ? [] : [.documentation(argument.documentation)]) + argument.annotations
        guard !annotations.isEmpty else { return open + "/>" }
        return ([open + ">"] + annotations.map { annotationXML($0, indent: 8) } + ["      </arg>"])
            .joined(separator: "\n")
    }

    private static func annotationXML(_ annotation: DBusAnnotation, indent: Int) -> String {
        String(repeating: " ", count: indent)
            + "<annotation name=\"\(annotation.name.xmlEscaped)\" value=\"\(annotation.value.xmlEscaped)\"/>"
    }
}

extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by XML entities.
    var xmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            // A line break in an attribute would read as a space; documentation keeps its paragraphs.
            case "\n": result += "&#10;"
            default: result.append(character)
            }
        }
        return result
    }
}
