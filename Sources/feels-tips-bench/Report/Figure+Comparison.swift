extension Figure {
    /// Whether a higher value is better (a rate) rather than a lower one (a time, memory, wake-ups).
    var higherIsBetter: Bool {
        unit == "calls/s"
    }

    /// How far this figure may move the wrong way against a baseline measured in the same run and still count as no
    /// worse: the spread the bench sees between two runs of the same build. Times and rates move by up to a tenth on
    /// a shared machine even interleaved; resident memory by about 0.15 MiB of 8 (fault-around); wake-ups not at all.
    /// A figure that moves further says so (``spread``).
    var tolerance: Double {
        if let spread { return spread }
        return switch unit {
        case "MiB": 0.03
        case "": 0
        default: 0.10
        }
    }

    /// This value over `baseline`'s; `nil` when the baseline's is zero.
    func change(from baseline: Figure) -> Double? {
        baseline.value != 0 ? value / baseline.value : (value == 0 ? 1 : nil)
    }

    /// Whether this figure is no worse than `baseline`'s, within ``tolerance``.
    func isNoWorse(than baseline: Figure) -> Bool {
        if higherIsBetter { return value >= baseline.value * (1 - tolerance) }
        return value <= baseline.value * (1 + tolerance)
    }
}
