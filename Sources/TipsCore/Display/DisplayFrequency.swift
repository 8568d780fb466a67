/// How often a tip that has never appeared may first appear, after TipKit's `Tips.ConfigurationOption.DisplayFrequency`.
///
/// The frequency is global and rolling: when a tip first appears it opens a window of this length during which
/// no other tip may appear for the first time. Tips already shown are not held back.
public enum DisplayFrequency: Hashable, Sendable, CustomStringConvertible {
    /// No window: any eligible tip may appear at once.
    case immediate
    /// One hour.
    case hourly
    /// 24 hours (not a calendar day: the window keeps its length across a daylight-saving change).
    case daily
    /// 7 × 24 hours.
    case weekly
    /// 30 × 24 hours.
    case monthly
    /// A custom number of seconds.
    case seconds(Int)

    /// The longest custom window, in seconds: a century, as for day counts. Longer ones are refused as mistakes.
    public static let maximumSeconds = 36_525 * 86_400

    /// The named frequencies, in increasing length.
    public static let named: [DisplayFrequency] = [.immediate, .hourly, .daily, .weekly, .monthly]

    /// The window's length in seconds.
    public var seconds: Int {
        switch self {
        case .immediate: 0
        case .hourly: 3_600
        case .daily: 86_400
        case .weekly: 7 * 86_400
        case .monthly: 30 * 86_400
        case .seconds(let seconds): seconds
        }
    }

    /// Reads a frequency: a name (`daily`, any letter case) or a whole number of seconds (`90`).
    ///
    /// - Throws: ``TipsError/invalidDisplayFrequency(_:)`` for anything else, a negative number or one over
    ///   ``maximumSeconds`` included.
    public init(parsing text: String) throws(TipsError) {
        if let named = Self.named.first(where: { $0.description == text.lowercased() }) {
            self = named
        } else if let seconds = Int(text), (0...Self.maximumSeconds).contains(seconds) {
            self = .seconds(seconds)
        } else {
            throw .invalidDisplayFrequency(text)
        }
    }

    /// The name, or the number of seconds of a custom frequency.
    public var description: String {
        switch self {
        case .immediate: "immediate"
        case .hourly: "hourly"
        case .daily: "daily"
        case .weekly: "weekly"
        case .monthly: "monthly"
        case .seconds(let seconds): String(seconds)
        }
    }
}
