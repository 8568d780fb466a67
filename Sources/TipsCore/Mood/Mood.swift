/// A mood on the Feels scale, from worst to best.
public enum Mood: String, CaseIterable, Hashable, Sendable {
    /// The worst mood.
    case horrible
    /// A bad mood.
    case bad
    /// An average mood.
    case average
    /// A good mood.
    case good
    /// The best mood.
    case great

    /// Reads a mood in any letter case (`great`, `Great`, `GREAT`).
    ///
    /// - Throws: ``TipsError/invalidMood(_:)`` for anything else.
    public init(parsing text: String) throws(TipsError) {
        // As apps send it, in lower case, without making a lower-case copy first.
        guard let mood = Mood(rawValue: text) ?? Mood(rawValue: text.lowercased()) else { throw .invalidMood(text) }
        self = mood
    }
}
