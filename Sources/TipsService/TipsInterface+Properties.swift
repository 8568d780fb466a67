import DBus
import FeelsSystem
import TipsCore

extension TipsInterface {
    /// Every property, in the order introspection lists them; all are read-only.
    static func properties(_ object: @escaping () -> TipsObject?) -> [DBusProperty] {
        let parameters: [(TipParameter, String)] = [
            (.moodLogCount, "How many moods have been logged (the Feels app's moodLogCount)."),
            (.hasLoggedMoods, Documentation.hasLoggedMoods),
            (.hasSeenSettings, "Whether the user has viewed the Settings screen (SettingsViewed)."),
            (.daysUsingApp, "Local calendar days of use from the first day of use to today, both included."),
            (.currentStreak, "Consecutive local days with a mood, ending today or yesterday; 0 once broken."),
        ]
        let parameterProperties = parameters.map { parameter, documentation in
            DBusProperty(
                name: MemberName(stringLiteral: propertyName(of: parameter)),
                signature: parameter == .hasSeenSettings ? "b" : "u",
                annotations: [.documentation(documentation)],
                get: { TipDictionary.value(of: (object()?.parameterValues ?? ParameterValues())[parameter]) })
        }
        return parameterProperties + [
            DBusProperty(
                name: MemberName(stringLiteral: displayFrequency), signature: "s",
                annotations: [.documentation(Documentation.displayFrequency)],
                get: { .string(object()?.displayFrequency.description ?? DisplayFrequency.daily.description) }),
            DBusProperty(
                name: MemberName(stringLiteral: nextDisplayTime), signature: "x",
                annotations: [.documentation(Documentation.nextDisplayTime)],
                get: { .int64(object()?.nextDisplayTime?.microsecondsSinceEpoch ?? 0) }),
            DBusProperty(
                name: MemberName(stringLiteral: testingOverride), signature: "s",
                annotations: [.documentation(Documentation.testingOverride)],
                get: { .string(object()?.testingOverride.name ?? "") }),
            DBusProperty(
                name: MemberName(stringLiteral: timeZone), signature: "s",
                annotations: [.documentation(Documentation.timeZone)],
                get: { .string(object()?.timeZone ?? "") }),
            DBusProperty(
                name: "Version", signature: "s", emitsChangedSignal: .const,
                annotations: [.documentation("The version of feels-tipsd serving the interface.")],
                get: { .string(FeelsTipsVersion.current) }),
            DBusProperty(
                name: "Datastore", signature: "s", emitsChangedSignal: .const,
                annotations: [.documentation("The path of the datastore file the service keeps its state in.")],
                get: { .string(object()?.datastorePath ?? "") }),
        ]
    }

    /// Every signal, in the order introspection lists them.
    static let signals = [
        DBusSignalDescription(
            name: tipStatusChanged,
            arguments: [
                .init("id", "s", "The tip."),
                .init("status", "s", "Its new status: pending, available or invalidated."),
            ],
            annotations: [.documentation(Documentation.tipStatusChanged)]),
        DBusSignalDescription(
            name: tipChanged,
            arguments: [.init("id", "s", "The tip."), .init("changes", "a{sv}", Documentation.tipChanges)],
            annotations: [.documentation(Documentation.tipChanged)]),
    ]
}
