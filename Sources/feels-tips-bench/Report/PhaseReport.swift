/// What one part of the run found: its own table, notes, and the figures it adds to the summary.
struct PhaseReport {
    /// The heading, such as `Throughput`.
    let title: String
    /// The part's own lines: a table of its measurements.
    var lines: [String] = []
    /// Figures for the summary.
    var figures: [Figure] = []
    /// The same figures, by the same names, for the baseline measured beside this build: the A/B.
    var baselineFigures: [Figure] = []
    /// Sentences that say how to read the lines, or what was skipped and why.
    var notes: [String] = []
}
