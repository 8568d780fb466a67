import DBus

extension BusCall {
    private static let service: BusName = "org.feels.Tips"
    private static let object: ObjectPath = "/org/feels/Tips"
    private static let tips: InterfaceName = "org.feels.Tips1"

    /// The floor: `org.freedesktop.DBus.Peer.Ping` to the service, answered by libdbus in the daemon's dispatch,
    /// so it pays the bus's two hops and the daemon's wake-up and nothing of the service.
    static func ping(on connection: DBusConnection) -> BusCall {
        BusCall(
            label: "Peer.Ping (floor)", destination: service, path: object, interface: "org.freedesktop.DBus.Peer",
            member: "Ping", replySignature: "", connection: connection)
    }

    /// `GetTip("SiriShortcutTip")`: one tip, its rules and explanation as an `a{sv}`.
    static func getTip(on connection: DBusConnection) -> BusCall {
        BusCall(
            label: "GetTip(\"SiriShortcutTip\")", destination: service, path: object, interface: tips,
            member: "GetTip", arguments: [.string("SiriShortcutTip")], replySignature: "a{sv}",
            check: { values in
                values.first?.vardictValue?["id"]?.stringValue == "SiriShortcutTip"
                    ? nil : "the reply is not the tip 'SiriShortcutTip'"
            }, connection: connection)
    }

    /// `LogMood("good")`: a change, committed to the datastore before the reply.
    static func logMood(on connection: DBusConnection) -> BusCall {
        BusCall(
            label: "LogMood(\"good\")", destination: service, path: object, interface: tips, member: "LogMood",
            arguments: [.string("good")], replySignature: "u",
            check: { values in
                (values.first?.uint32Value ?? 0) > 0 ? nil : "the reply is not a positive mood count"
            }, connection: connection)
    }

    /// `ListTips()`: every tip, seven `a{sv}`.
    static func listTips(on connection: DBusConnection) -> BusCall {
        BusCall(
            label: "ListTips()", destination: service, path: object, interface: tips, member: "ListTips",
            replySignature: "aa{sv}",
            check: { values in
                let count = values.first?.arrayValue?.count ?? 0
                return count == 7 ? nil : "the reply lists \(count) tips, expected 7"
            }, connection: connection)
    }

    /// `EligibleTips("")`: the ids of the tips whose rules hold.
    static func eligibleTips(on connection: DBusConnection) -> BusCall {
        BusCall(
            label: "EligibleTips(\"\")", destination: service, path: object, interface: tips,
            member: "EligibleTips", arguments: [.string("")], replySignature: "as",
            check: { values in values.first?.stringArrayValue == nil ? "the reply is not a list of ids" : nil },
            connection: connection)
    }

    /// `org.freedesktop.DBus.GetId` to the bus itself: one hop, no service at all.
    static func busGetID(on connection: DBusConnection) -> BusCall {
        BusCall(
            label: "DBus.GetId (bus, one hop)", destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "GetId", replySignature: "s",
            check: { values in
                values.first?.stringValue?.utf8.count == 32 ? nil : "the reply is not a 32-digit bus id"
            }, connection: connection)
    }
}
