import Testing

@testable import TipsCommand

/// Colour decisions (no-color.org) and aligned columns.
@Suite("Text output")
struct TextOutputTests {
    @Test(
        arguments: [
            (true, [:], true), (true, ["TERM": "xterm-256color"], true), (true, ["NO_COLOR": ""], true),
            (true, ["NO_COLOR": "1"], false), (true, ["TERM": "dumb"], false), (false, [:], false),
            (false, ["TERM": "xterm"], false),
        ] as [(Bool, [String: String], Bool)])
    func colourOnlyOnATerminalThatIsNotDumbWithoutNoColor(
        isTerminal: Bool, environment: [String: String], expected: Bool
    ) {
        let style = TextStyle(isTerminal: isTerminal, environment: environment)
        #expect(style.usesColour == expected)
        #expect(style.status("available") == (expected ? "\u{1B}[32mavailable\u{1B}[0m" : "available"))
    }

    @Test func columnsAreAlignedOnThePlainTextWhateverTheColour() {
        let style = TextStyle(usesColour: true)
        var table = TextTable(alignments: [.left, .left, .right])
        table.append(["ID", "STATUS", "N"])
        table.append([
            TextTable.Cell("LongTipName"), TextTable.Cell("available", style: { style.good($0) }),
            TextTable.Cell("12"),
        ])
        table.append([TextTable.Cell("Short"), TextTable.Cell("pending"), TextTable.Cell("3")])
        let plain = table.rendered().replacingEscapes()
        #expect(plain == "ID           STATUS      N\nLongTipName  available  12\nShort        pending     3\n")
    }

    @Test func labelsLineUpOnTheirColonsWithOneSpaceAfter() {
        var table = TextTable.labels()
        table.append(["Time zone:", "UTC"])
        table.append(["Display frequency:", "daily"])
        #expect(table.rendered() == "        Time zone: UTC\nDisplay frequency: daily\n")
    }
}

extension String {
    /// The text without ANSI escape sequences.
    fileprivate func replacingEscapes() -> String {
        var result = ""
        var inEscape = false
        for character in self {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character == "m" { inEscape = false }
            } else {
                result.append(character)
            }
        }
        return result
    }
}
