import DBus

/// A call the bench makes, described by value so that any thread can build it on its own connection.
enum CallKind: Sendable, Hashable, CaseIterable {
    /// `org.freedesktop.DBus.Peer.Ping` to the service: **the floor**. libdbus answers it inside `feels-tipsd`'s
    /// dispatch, so it pays the bus's two hops and the daemon's wake-up and nothing of the service.
    case ping
    /// `GetTip("SiriShortcutTip")`: one tip, its rules and explanation, as an `a{sv}`.
    case getTip
    /// `EligibleTips("")`: the ids of the tips whose rules hold.
    case eligibleTips
    /// `Properties.Get("org.feels.Tips1", "MoodLogCount")`.
    case propertyGet
    /// `ListTips()`: all seven tips' `a{sv}`.
    case listTips
    /// `DisplayNextTip("DayView")`: shows `TimeViewTip`, available from the start, so every call records a display.
    case displayNextTipShown
    /// `DisplayNextTip("CustomizeContentView")` once its only tip is closed: nothing to show, nothing recorded.
    case displayNextTipNone
    /// `LogMood("good")`: a change, committed to the datastore before the reply.
    case logMood
    /// `org.freedesktop.DBus.GetId` to the bus itself: one hop, no service at all.
    case busGetID

    /// feels-tipsd's well-known name.
    static let service: BusName = "org.feels.Tips"
    /// The service's object.
    static let object: ObjectPath = "/org/feels/Tips"
    /// The service's interface.
    static let tips: InterfaceName = "org.feels.Tips1"

    /// The name in the tables.
    var label: String {
        switch self {
        case .ping: "Peer.Ping (floor)"
        case .getTip: "GetTip(\"SiriShortcutTip\")"
        case .eligibleTips: "EligibleTips(\"\")"
        case .propertyGet: "Properties.Get(MoodLogCount)"
        case .listTips: "ListTips()"
        case .displayNextTipShown: "DisplayNextTip, a tip shown"
        case .displayNextTipNone: "DisplayNextTip, none to show"
        case .logMood: "LogMood(\"good\")"
        case .busGetID: "DBus.GetId (bus, one hop)"
        }
    }

    /// Whether the call changes the service's state, and so waits for a durable write before it is answered.
    var writes: Bool {
        self == .logMood || self == .displayNextTipShown
    }

    /// The signature every reply must have.
    var replySignature: String {
        switch self {
        case .ping: ""
        case .getTip: "a{sv}"
        case .eligibleTips: "as"
        case .propertyGet: "v"
        case .listTips: "aa{sv}"
        case .displayNextTipShown, .displayNextTipNone: "s"
        case .logMood: "u"
        case .busGetID: "s"
        }
    }

    /// Builds the call to the service owning `service`, ready to send.
    ///
    /// - Throws: `DBusError.outOfMemory` when libdbus cannot allocate it.
    func message(to service: BusName) throws(DBusError) -> DBusMessage {
        let message: DBusMessage
        switch self {
        case .ping:
            message = try .methodCall(
                destination: service, path: Self.object, interface: "org.freedesktop.DBus.Peer", member: "Ping")
        case .busGetID:
            message = try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId")
        case .propertyGet:
            message = try .methodCall(
                destination: service, path: Self.object, interface: "org.freedesktop.DBus.Properties", member: "Get")
        default:
            message = try .methodCall(destination: service, path: Self.object, interface: Self.tips, member: member)
        }
        try message.append(arguments)
        return message
    }

    /// What is wrong with a decoded reply, or `nil` when it is the expected answer.
    func problem(with values: [DBusValue]) -> String? {
        switch self {
        case .ping:
            return nil
        case .getTip:
            return values.first?.vardictValue?["id"]?.stringValue == "SiriShortcutTip"
                ? nil : "the reply is not the tip 'SiriShortcutTip'"
        case .eligibleTips:
            return values.first?.stringArrayValue == nil ? "the reply is not a list of ids" : nil
        case .propertyGet:
            return values.first?.variantValue?.uint32Value == nil ? "the reply is not a variant holding a u" : nil
        case .listTips:
            let count = values.first?.arrayValue?.count ?? 0
            return count == 7 ? nil : "the reply lists \(count) tips, expected 7"
        case .displayNextTipShown:
            let id = values.first?.stringValue ?? ""
            return id.isEmpty ? "no tip was shown at DayView" : nil
        case .displayNextTipNone:
            let id = values.first?.stringValue ?? "?"
            return id.isEmpty ? nil : "'\(id)' was shown at CustomizeContentView, expected none"
        case .logMood:
            return (values.first?.uint32Value ?? 0) > 0 ? nil : "the reply is not a positive mood count"
        case .busGetID:
            return values.first?.stringValue?.utf8.count == 32 ? nil : "the reply is not a 32-digit bus id"
        }
    }

    private var member: MemberName {
        switch self {
        case .getTip: "GetTip"
        case .eligibleTips: "EligibleTips"
        case .listTips: "ListTips"
        case .displayNextTipShown, .displayNextTipNone: "DisplayNextTip"
        case .logMood: "LogMood"
        case .ping: "Ping"
        case .propertyGet: "Get"
        case .busGetID: "GetId"
        }
    }

    private var arguments: [DBusValue] {
        switch self {
        case .getTip: [.string("SiriShortcutTip")]
        case .eligibleTips: [.string("")]
        case .propertyGet: [.string(Self.tips.rawValue), .string("MoodLogCount")]
        case .displayNextTipShown: [.string("DayView")]
        case .displayNextTipNone: [.string("CustomizeContentView")]
        case .logMood: [.string("good")]
        case .ping, .listTips, .busGetID: []
        }
    }
}
