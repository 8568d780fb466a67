/// Rows of cells laid out in columns: the first column to the left, the rest to the right, two spaces apart.
struct TextTable {
    /// The header row, then the data rows.
    var rows: [[String]]

    /// The table, a line a row.
    var lines: [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { line += "  " }
                line += column == 0 ? cell + padding : padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
