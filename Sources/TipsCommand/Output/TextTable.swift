/// Rows of text in aligned columns, with no space at the end of a line.
///
/// Widths are measured on the plain text, so a cell may be styled (coloured) after it is padded.
public struct TextTable {
    /// How a column lines up.
    public enum Alignment: Sendable {
        /// Text starts at the column's left edge.
        case left
        /// Text ends at the column's right edge: numbers, and labels before a colon.
        case right
    }

    /// One cell: the text measured, and a style applied to it once it is padded.
    public struct Cell {
        /// The plain text.
        public var text: String
        /// Makes the text look as it should (bold, coloured); identity by default.
        public var style: (String) -> String

        /// A cell showing `text`, styled by `style`.
        public init(_ text: String, style: @escaping (String) -> String = { $0 }) {
            self.text = text
            self.style = style
        }
    }

    /// How each column lines up; columns beyond the list line up left.
    public var alignments: [Alignment]
    /// What separates two columns.
    public var separator: String
    /// The rows, header first if there is one.
    public var rows: [[Cell]] = []

    /// An empty table.
    ///
    /// - Parameters:
    ///   - alignments: How each column lines up; columns beyond the list line up left.
    ///   - separator: What separates two columns: two spaces, or one after a label that ends in a colon.
    public init(alignments: [Alignment] = [], separator: String = "  ") {
        self.alignments = alignments
        self.separator = separator
    }

    /// A table of labels (right-aligned, ending in a colon) and values, as `timedatectl` prints.
    public static func labels() -> TextTable {
        TextTable(alignments: [.right], separator: " ")
    }

    /// Adds a row.
    public mutating func append(_ cells: [Cell]) {
        rows.append(cells)
    }

    /// Adds a row of unstyled text.
    public mutating func append(_ texts: [String]) {
        rows.append(texts.map { Cell($0) })
    }

    /// The lines, each ending in a newline.
    public func rendered() -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].text.count : 0 }.max() ?? 0
        }
        var text = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.text.count)
                let last = column == row.count - 1
                let alignment = column < alignments.count ? alignments[column] : .left
                if column > 0 { line += separator }
                switch alignment {
                case .left: line += cell.style(cell.text) + (last ? "" : padding)
                case .right: line += padding + cell.style(cell.text)
                }
            }
            text += line + "\n"
        }
        return text
    }
}
