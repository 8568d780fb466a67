import DBus
import TipsCore

/// The `org.feels.Tips1` interface: one table of every method, property and signal, with thin handlers
/// (decode, call the object, encode).
///
/// `dbus/org.feels.Tips1.xml` is generated from this table by `feels-tipsd --introspect`, and a test holds
/// the two identical.
public enum TipsInterface {
    /// The interface's name; versioned, as the D-Bus API design guidelines advise.
    public static let name: InterfaceName = "org.feels.Tips1"
    /// The signal sent whenever a tip's status changes.
    static let tipStatusChanged: MemberName = "TipStatusChanged"
    /// The property holding when a new tip may next appear.
    static let nextDisplayTime = "NextDisplayTime"

    /// The property that carries each parameter.
    static func propertyName(of parameter: TipParameter) -> String {
        switch parameter {
        case .moodLogCount: "MoodLogCount"
        case .hasLoggedMoods: "HasLoggedMoods"
        case .hasSeenSettings: "HasSeenSettings"
        case .daysUsingApp: "DaysUsingApp"
        case .currentStreak: "CurrentStreak"
        }
    }

    /// The introspection document of the interface alone: what `feels-tipsd --introspect` prints.
    public static var introspectionXML: String {
        DBusIntrospection.document(interfaces: [definition(serving: nil)])
    }

    /// The interface table, its handlers bound to `object` (`nil`: the table alone, for introspection).
    static func definition(serving object: TipsObject?) -> DBusInterface {
        weak let object = object
        func served() throws(DBusMethodError) -> TipsObject {
            guard let object else { throw .failed("The tips object is no longer served") }
            return object
        }
        let parameterProperties = [
            TipParameter.moodLogCount, .hasLoggedMoods, .hasSeenSettings, .daysUsingApp,
            .currentStreak,
        ].map { parameter in
            DBusProperty(
                name: MemberName(stringLiteral: propertyName(of: parameter)),
                signature: parameter == .hasSeenSettings ? "b" : "u",
                get: { TipDictionary.value(of: (object?.parameterValues ?? ParameterValues())[parameter]) })
        }
        return DBusInterface(
            name: name,
            methods: [
                DBusMethod(name: "LogMood", inputs: [.init("mood", "s")], outputs: [.init("mood_log_count", "u")]) {
                    call throws(DBusMethodError) in
                    [.uint32(try served().logMood(try call.string(at: 0)))]
                },
                DBusMethod(name: "SettingsViewed") { _ throws(DBusMethodError) in
                    try served().settingsViewed()
                    return []
                },
                DBusMethod(name: "UpdateDaysUsingApp", inputs: [.init("days", "u")]) { call throws(DBusMethodError) in
                    try served().updateDaysUsingApp(try call.uint32(at: 0))
                    return []
                },
                DBusMethod(name: "UpdateStreak", inputs: [.init("days", "u")]) { call throws(DBusMethodError) in
                    try served().updateStreak(try call.uint32(at: 0))
                    return []
                },
                DBusMethod(name: "ListTips", outputs: [.init("tips", "aa{sv}")]) { _ throws(DBusMethodError) in
                    [.array("a{sv}", try served().listTips())]
                },
                DBusMethod(name: "GetTip", inputs: [.init("id", "s")], outputs: [.init("tip", "a{sv}")]) {
                    call throws(DBusMethodError) in
                    [try served().tip(try call.string(at: 0))]
                },
                DBusMethod(name: "EligibleTips", inputs: [.init("location", "s")], outputs: [.init("ids", "as")]) {
                    call throws(DBusMethodError) in
                    [.strings(try served().eligibleTips(try call.string(at: 0)))]
                },
                DBusMethod(name: "DisplayNextTip", inputs: [.init("location", "s")], outputs: [.init("id", "s")]) {
                    call throws(DBusMethodError) in
                    [.string(try served().displayNextTip(try call.string(at: 0)))]
                },
                DBusMethod(name: "InvalidateTip", inputs: [.init("id", "s"), .init("reason", "s")]) {
                    call throws(DBusMethodError) in
                    try served().invalidateTip(try call.string(at: 0), reason: try call.string(at: 1))
                    return []
                },
                DBusMethod(name: "ResetAllTips") { _ throws(DBusMethodError) in
                    try served().resetAllTips()
                    return []
                },
            ],
            properties: parameterProperties + [
                DBusProperty(
                    name: "DisplayFrequency", signature: "s", emitsChangedSignal: .const,
                    get: { .string(object?.displayFrequency.description ?? DisplayFrequency.daily.description) }),
                DBusProperty(
                    name: MemberName(stringLiteral: nextDisplayTime), signature: "x",
                    get: { .int64(object?.nextDisplayTime?.microsecondsSinceEpoch ?? 0) }),
            ],
            signals: [
                DBusSignalDescription(name: tipStatusChanged, arguments: [.init("id", "s"), .init("status", "s")])
            ])
    }
}
