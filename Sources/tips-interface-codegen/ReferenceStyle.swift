import Foundation

/// How the reference's prose is written in one format: its text escaped, a member's name as a link, a dictionary
/// type's name.
protocol ReferenceStyle {
    static func text(_ value: String) -> String
    static func link(_ label: String) -> String
    static func dictionary(_ name: String) -> String
}

/// GitHub's Markdown, for docs/org.feels.Tips1.md.
enum MarkdownStyle: ReferenceStyle {
    static func text(_ value: String) -> String {
        ReferenceProse.escapingUnderscores(
            value.replacing("\\", with: "\\\\").replacing(#/[*`\[\]<|]/#) { "\\" + $0.output })
    }

    static func link(_ label: String) -> String {
        "[`\(label)`](\(anchor(String(label.reversed().drop { $0 == "(" || $0 == ")" }.reversed()))))"
    }

    static func dictionary(_ name: String) -> String {
        "[\(name)](\(anchor(name)))"
    }

    /// The anchor GitHub gives a heading: lowercase, without the punctuation it drops.
    static func anchor(_ name: String) -> String {
        let kept = name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || " _-".contains($0)) }
        return "#" + kept.replacing(" ", with: "-")
    }
}

/// scdoc, for man/org.feels.Tips1.5.scd.
enum ScdocStyle: ReferenceStyle {
    static func text(_ value: String) -> String {
        ReferenceProse.escapingUnderscores(value.replacing("\\", with: "\\\\").replacing("*", with: "\\*"))
    }

    static func link(_ label: String) -> String {
        label.hasSuffix("()") ? "*\(label.dropLast(2))*()" : "*\(label)*"
    }

    static func dictionary(_ name: String) -> String {
        "*\(name)*"
    }
}

/// The DocStrings as prose: paragraphs, white space folded, references to the interfaces' names as links, as
/// gdbus-codegen links them (`org.feels.Tips1.LogMood()`, `#org.feels.Tips1::TipChanged`,
/// `#org.feels.Tips1:MoodLogCount`, `#org.feels.Tips1`).
enum ReferenceProse {
    /// `text` in `style`, white space folded, its references to the interfaces' names as links.
    static func annotated(_ text: String, _ style: any ReferenceStyle.Type) -> String {
        let text = text.replacing(#/\s+/#, with: " ").trimmed
        let reference =
            #/#?(?<mi>org\.feels\.[\w.]*?)\.(?<method>\w+)\(\)|#(?<si>org\.feels\.[\w.]*)::(?<signal>\w+)|#(?<pi>org\.feels\.[\w.]*):(?<property>\w+)|#(?<interface>org\.feels\.[\w.]*\w)/#
        var result = ""
        var last = text.startIndex
        for match in text.matches(of: reference) {
            result += style.text(String(text[last..<match.range.lowerBound]))
            let output = match.output
            let label = output.method.map { $0 + "()" } ?? output.signal ?? output.property ?? output.interface ?? ""
            result += style.link(String(label))
            last = match.range.upperBound
        }
        return result + style.text(String(text[last...]))
    }

    /// A DocString's paragraphs, which blank lines part.
    static func paragraphs(_ text: String, _ style: any ReferenceStyle.Type) -> [String] {
        text.trimmed.split(separator: #/\n\s*\n/#).filter { !String($0).trimmed.isEmpty }.map {
            annotated(String($0), style)
        }
    }

    /// What an a{sv} argument holds, as the reference says it: `Tip`, `Tip, or empty`.
    static func held(_ annotation: String, _ style: any ReferenceStyle.Type) -> String {
        let name = annotation.withoutMark
        return name.isEmpty ? "" : style.dictionary(name) + (annotation.hasSuffix("?") ? ", or empty" : "")
    }

    /// `text` with a backslash before each underscore that is not between two letters or digits: one between them is
    /// literal in GitHub's Markdown and in scdoc, elsewhere it could start emphasis.
    static func escapingUnderscores(_ text: String) -> String {
        let characters = Array(text)
        func isAlphanumeric(_ index: Int) -> Bool {
            characters.indices.contains(index) && characters[index].isASCII
                && (characters[index].isLetter || characters[index].isNumber)
        }
        var result = ""
        for (index, character) in characters.enumerated() {
            if character == "_" && !(isAlphanumeric(index - 1) && isAlphanumeric(index + 1)) { result += "\\" }
            result.append(character)
        }
        return result
    }
}
