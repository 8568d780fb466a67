import DBus
import TipsCore

/// The `org.feels.Tips1` interface: one table of every method, property and signal, with thin handlers
/// (decode, call the object, encode) and the documentation that introspection carries.
///
/// `dbus/org.feels.Tips1.xml` is generated from this table by `feels-tipsd --introspect`, and a test holds
/// the two identical.
public enum TipsInterface {
    /// The interface's name; versioned, as the D-Bus API design guidelines advise.
    public static let name: InterfaceName = "org.feels.Tips1"
    /// The signal sent whenever a tip's status changes.
    static let tipStatusChanged: MemberName = "TipStatusChanged"
    /// The signal sent whenever anything observable of a tip changes, with what changed.
    static let tipChanged: MemberName = "TipChanged"
    /// The property holding when a new tip may next appear.
    static let nextDisplayTime = "NextDisplayTime"
    /// The property holding the display frequency.
    static let displayFrequency = "DisplayFrequency"
    /// The property holding the testing override in force.
    static let testingOverride = "TestingOverride"
    /// The property holding the time zone the service counts days in.
    static let timeZone = "TimeZone"

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

    /// The interface table, its handlers bound to `object` (`nil`: the table alone, for introspection or a stand-in
    /// that refuses every call with what `refusal` gives).
    static func definition(serving object: TipsObject?, refusal: (() -> DBusMethodError?)? = nil) -> DBusInterface {
        weak let object = object
        func served() throws(DBusMethodError) -> TipsObject {
            guard let object else { throw .failed("The tips object is no longer served") }
            return object
        }
        return DBusInterface(
            name: name, methods: methods(served), properties: properties { object },
            signals: signals,
            annotations: [
                .documentation(Documentation.interface),
                DBusAnnotation("org.gtk.GDBus.DocString.Short", Documentation.short),
            ], refusal: refusal)
    }
}
