import Foundation

/// The table of a few series' distributions: median, p90, p99, the median's ratio to a floor, and drift.
enum LatencyTable {
    /// The lines of the table.
    ///
    /// - Parameters:
    ///   - rows: Each series' label and summary.
    ///   - floor: The median the ratios are to, in microseconds; 0 leaves the ratio column out.
    ///   - base: What the floor is, for the ratio column's heading.
    static func lines(_ rows: [(label: String, summary: LatencySummary)], floor: Double, base: String) -> [String] {
        var table = [["call", "n", "median µs", "p90 µs", "p99 µs", "× \(base)", "drift"]]
        for (label, summary) in rows {
            table.append([
                label, String(summary.count), fixed(summary.median, 1), fixed(summary.p90, 1), fixed(summary.p99, 1),
                floor > 0 ? fixed(summary.median / floor, 2) : "", fixed(summary.drift, 2),
            ])
        }
        return TextTable(rows: table).lines
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
