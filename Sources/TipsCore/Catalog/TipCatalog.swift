/// The catalog of tips, in the order the Feels app declares them.
public enum TipCatalog {
    /// The seven tips of the Feels app, word for word from its TipKit definitions.
    ///
    /// Icons map each SF Symbol to the closest name of the freedesktop Icon Naming Specification,
    /// so that every icon theme has one; `docs/DESIGN.md` gives the reasons.
    public static let feels: [Tip] = [
        Tip(
            id: .customizeLayout,
            title: translatable("Personalize Your Experience"),
            message: translatable("Tap here to customize mood icons, colors, and layouts."),
            symbol: "paintbrush", icon: "preferences-desktop-theme",
            location: .customizeContentView),
        Tip(
            id: .aiInsights,
            title: translatable("Discover AI Insights"),
            message: translatable("Get personalized insights about your mood patterns powered by Apple Intelligence."),
            symbol: "brain", icon: "applications-science",
            location: .insightsView,
            rules: [Rule(.hasLoggedMoods, atLeast: 7)]),
        Tip(
            id: .siriShortcut,
            title: translatable("Use Siri to Log Moods"),
            message: translatable("Say 'Hey Siri, log my mood as great in Feels' for hands-free logging."),
            symbol: "mic.fill", icon: "audio-input-microphone",
            location: .settingsContentView,
            rules: [Rule(.moodLogCount, atLeast: 3)]),
        Tip(
            id: .healthKitSync,
            title: translatable("Sync with Apple Health"),
            message: translatable("Connect to Apple Health to see your mood data alongside sleep, exercise, and more."),
            symbol: "heart.fill", icon: "emblem-favorite",
            location: .settingsContentView,
            rules: [Rule(.hasSeenSettings, is: true)]),
        Tip(
            id: .widgetVoting,
            title: translatable("Vote from Your Home Screen"),
            message: translatable("Add the Mood Vote widget to quickly log your mood without opening the app."),
            symbol: "square.grid.2x2", icon: "user-desktop",
            location: .dayView,
            rules: [Rule(.daysUsingApp, atLeast: 2)]),
        Tip(
            id: .timeView,
            title: translatable("View Your History"),
            message: translatable("Switch between Day, Month, and Year views to see your mood patterns over time."),
            symbol: "calendar", icon: "x-office-calendar",
            location: .dayView),
        Tip(
            id: .moodStreak,
            title: translatable("Build Your Streak!"),
            message: translatable(
                "Log your mood daily to build a streak. Consistency helps you understand your patterns."),
            symbol: "flame.fill", icon: "face-smile-big",
            location: .dayView,
            rules: [Rule(.currentStreak, atLeast: 3)]),
    ]
}
