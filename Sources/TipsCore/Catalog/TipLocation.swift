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
