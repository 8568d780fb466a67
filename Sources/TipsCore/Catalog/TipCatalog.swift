/// The catalog of tips, in the order the Feels app declares them.
public enum TipCatalog {
    /// The seven tips of the Feels app, word for word from its TipKit definitions, each with the words of its desktop
    /// notification: the same where they suit a desktop, else what the tip offers on Linux without phone gestures,
    /// "here" or Apple's services (`docs/DESIGN.md` says why each differs).
    ///
    /// Icons map each SF Symbol to the closest names of the freedesktop Icon Naming Specification, a symbolic one
    /// first and a full-colour one last, both in Adwaita; a name between them is the specification's where Adwaita
    /// lacks it (Breeze has `audio-input-microphone`, Adwaita 43 only `audio-microphone`). `docs/DESIGN.md` gives the
    /// reasons.
    public static let feels: [Tip] = [
        Tip(
            id: .customizeLayout,
            title: translatable("Personalize Your Experience"),
            message: translatable("Tap here to customize mood icons, colors, and layouts."),
            symbol: "paintbrush",
            iconNames: [
                "applications-graphics-symbolic", "preferences-desktop-appearance-symbolic",
                "preferences-desktop-theme",
            ],
            location: .customizeContentView,
            notificationBody: translatable("Customize mood icons, colors, and layouts in Feels.")),
        Tip(
            id: .aiInsights,
            title: translatable("Discover AI Insights"),
            message: translatable("Get personalized insights about your mood patterns powered by Apple Intelligence."),
            symbol: "brain", iconNames: ["applications-science-symbolic", "applications-science"],
            location: .insightsView,
            rules: [Rule(.hasLoggedMoods, atLeast: 7)],
            notificationTitle: translatable("Discover Your Mood Insights"),
            notificationBody: translatable("See what Feels has found in your mood patterns.")),
        Tip(
            id: .siriShortcut,
            title: translatable("Use Siri to Log Moods"),
            message: translatable("Say 'Hey Siri, log my mood as great in Feels' for hands-free logging."),
            symbol: "mic.fill",
            iconNames: ["audio-input-microphone-symbolic", "audio-input-microphone", "audio-microphone"],
            location: .settingsContentView,
            rules: [Rule(.moodLogCount, atLeast: 3)],
            notificationTitle: translatable("Log Moods from Anywhere"),
            notificationBody: translatable(
                "Log your mood without opening Feels: give 'feels-tips log great' a keyboard shortcut.")),
        Tip(
            id: .healthKitSync,
            title: translatable("Sync with Apple Health"),
            message: translatable("Connect to Apple Health to see your mood data alongside sleep, exercise, and more."),
            symbol: "heart.fill", iconNames: ["emblem-favorite-symbolic", "emblem-favorite"],
            location: .settingsContentView,
            rules: [Rule(.hasSeenSettings, is: true)],
            notificationTitle: translatable("Your Moods Beside Your Health"),
            notificationBody: translatable(
                "Export your moods from Feels to see them alongside sleep, exercise, and more.")),
        Tip(
            id: .widgetVoting,
            title: translatable("Vote from Your Home Screen"),
            message: translatable("Add the Mood Vote widget to quickly log your mood without opening the app."),
            symbol: "square.grid.2x2", iconNames: ["view-grid-symbolic", "user-desktop"],
            location: .dayView,
            rules: [Rule(.daysUsingApp, atLeast: 2)],
            notificationTitle: translatable("Keep Feels One Click Away"),
            notificationBody: translatable("Pin Feels to your dock or panel to log your mood in a moment.")),
        Tip(
            id: .timeView,
            title: translatable("View Your History"),
            message: translatable("Switch between Day, Month, and Year views to see your mood patterns over time."),
            symbol: "calendar", iconNames: ["x-office-calendar-symbolic", "x-office-calendar"],
            location: .dayView,
            notificationBody: translatable(
                "Switch between day, month, and year views in Feels to see your mood patterns over time.")),
        Tip(
            id: .moodStreak,
            title: translatable("Build Your Streak!"),
            message: translatable(
                "Log your mood daily to build a streak. Consistency helps you understand your patterns."),
            symbol: "flame.fill", iconNames: ["face-smile-big-symbolic", "face-smile-big"],
            location: .dayView,
            rules: [Rule(.currentStreak, atLeast: 3)]),
    ]
}
