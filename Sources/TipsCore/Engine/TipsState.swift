/// Everything the engine remembers: parameters, each tip's record and the display window.
///
/// The datastore keeps this value; the mood journal is kept beside it, not in it, since the engine needs only
/// the counts and days it derives from moods.
public struct TipsState: Hashable, Sendable {
    /// What the parameters are computed from.
    public var parameters: ParameterState
    /// Each tip's record, by identifier; a tip without one has never been shown nor invalidated.
    public var tips: [TipID: TipRecord]
    /// When the tip that opened the current display window first appeared; `nil` before any.
    public var displayWindowOpened: Instant?

    /// Creates a state; the defaults are a fresh install's.
    public init(
        parameters: ParameterState = ParameterState(), tips: [TipID: TipRecord] = [:],
        displayWindowOpened: Instant? = nil
    ) {
        self.parameters = parameters
        self.tips = tips
        self.displayWindowOpened = displayWindowOpened
    }

    /// The record of one tip, a fresh one if it has none.
    public subscript(tip id: TipID) -> TipRecord {
        get { tips[id] ?? TipRecord() }
        set { tips[id] = newValue }
    }
}
