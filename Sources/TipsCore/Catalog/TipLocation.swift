/// The view of the Feels app where a tip is shown.
public enum TipLocation: String, CaseIterable, Hashable, Sendable {
    /// The top of the Customize tab in Settings.
    case customizeContentView = "CustomizeContentView"
    /// The insights view.
    case insightsView = "InsightsView"
    /// The Settings screen.
    case settingsContentView = "SettingsContentView"
    /// The day view.
    case dayView = "DayView"
}

extension TipLocation {
    /// Reads a location filter: a location's name in any letter case, or `''` for every location (`nil`).
    ///
    /// - Throws: ``TipsError/unknownLocation(_:)`` for any other text.
    public static func filter(parsing text: String) throws(TipsError) -> TipLocation? {
        if text.isEmpty { return nil }
        guard let location = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw .unknownLocation(text)
        }
        return location
    }
}
