/// Per-tip options, after TipKit's `Tips.MaxDisplayCount` and `Tips.IgnoresDisplayFrequency`.
public struct TipOptions: Hashable, Sendable {
    /// How many times the tip may be displayed before it is invalidated with
    /// ``InvalidationReason/displayCountExceeded``; `nil` for no limit.
    public var maxDisplayCount: Int?

    /// Whether the tip may first appear while the display window holds other tips back.
    ///
    /// Such a tip neither waits for the window nor opens a new one.
    public var ignoresDisplayFrequency: Bool

    /// Creates options; the defaults are TipKit's: no display limit, frequency respected.
    public init(maxDisplayCount: Int? = nil, ignoresDisplayFrequency: Bool = false) {
        self.maxDisplayCount = maxDisplayCount
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
    }
}
