import DBus
import TipsInterface

/// A call the bench makes, described by value so that any thread can build it on its own connection.
///
/// Each is what an app or a tool calls, spelled with the contract's generated names and options
/// (`Tips1.Method`, `Tips1.PresentOptions`…) and checked with its generated decoders, so that a call of the C service
/// that drifted from the contract fails the bench rather than measuring something else.
enum CallKind: Sendable, Hashable, CaseIterable {
    /// `org.freedesktop.DBus.Peer.Ping` to the service: **the floor**. The binding answers it inside `feels-tipsd`'s
    /// dispatch, so it pays the bus's two hops and the daemon's wake-up and nothing of the service.
    case ping
    /// `GetTips(["SiriShortcutTip"], {})`: one tip with its words, rules and explanation, recording nothing: how an
    /// app reads a tip (a settings page, a list, the tip again after `TipChanged`). It is 0.1.0's `GetTip`, the call
    /// the one-tip budgets hold.
    case getTipsOne
    /// `PresentTip("HealthKitSyncTip", {})`: what an app calls when a tip's anchor appears (TipKit's `TipView`). That
    /// tip waits for the Settings screen, which the bench never shows, so it answers shown false and records
    /// nothing; a write of the contract all the same, ordered after the caller's writes.
    case presentTip
    /// `Properties.Get` of `org.feels.Tips1`'s `MoodLogCount`.
    case propertyGet
    /// `GetTips([], {})`: all seven tips (0.1.0's `ListTips`).
    case getTipsAll
    /// `PresentNextTip("DayView", {})`: shows `TimeViewTip`, available from the start, so every call records a
    /// display.
    case presentNextTipShown
    /// `PresentNextTip("CustomizeContentView", {})` once its only tip is closed: nothing to show, nothing recorded.
    case presentNextTipNone
    /// `LogMood("good", {})`: a change, committed to the datastore before the reply.
    case logMood
    /// `org.freedesktop.DBus.GetId` to the bus itself: one hop, no service at all.
    case busGetID

    /// The tip `getTipsOne` reads: its rule's value is the mood count, so each `LogMood` changes it.
    static let readTip = "SiriShortcutTip"
    /// The tip `presentTip` presents: it waits for the Settings screen.
    static let waitingTip = "HealthKitSyncTip"

    /// The name in the tables.
    var label: String {
        switch self {
        case .ping: "Peer.Ping (floor)"
        case .getTipsOne: "GetTips, one tip"
        case .presentTip: "PresentTip, not shown"
        case .propertyGet: "Properties.Get(MoodLogCount)"
        case .getTipsAll: "GetTips, all seven"
        case .presentNextTipShown: "PresentNextTip, a tip shown"
        case .presentNextTipNone: "PresentNextTip, none to show"
        case .logMood: "LogMood(\"good\")"
        case .busGetID: "DBus.GetId (bus, one hop)"
        }
    }

    /// Whether the call changes the service's state, and so waits for a durable write before it is answered.
    var writes: Bool {
        self == .logMood || self == .presentNextTipShown
    }

    /// The signature every reply must have from a service speaking `spelling`.
    func replySignature(in spelling: ContractSpelling) -> String {
        if spelling == .previous { return previousReplySignature }
        return switch self {
        case .ping: ""
        case .getTipsOne, .getTipsAll: "aa{sv}"
        case .presentTip, .presentNextTipShown, .presentNextTipNone: "ba{sv}"
        case .propertyGet: "v"
        case .logMood: "u"
        case .busGetID: "s"
        }
    }

    /// Builds the call to `target`'s service in the contract it speaks, ready to send.
    ///
    /// - Throws: As `DBusMessage.append(_:)`, for arguments the wire refuses.
    func message(to target: CallTarget) throws(DBusError) -> DBusMessage {
        let service = target.name
        if target.spelling == .previous { return try previousMessage(to: service) }
        let message: DBusMessage
        switch self {
        case .ping:
            message = try .methodCall(
                destination: service, path: Tips1.objectPath, interface: "org.freedesktop.DBus.Peer", member: "Ping")
        case .busGetID:
            message = try .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId")
        case .propertyGet:
            message = try .methodCall(
                destination: service, path: Tips1.objectPath, interface: "org.freedesktop.DBus.Properties",
                member: "Get")
        default:
            message = try .methodCall(
                destination: service, path: Tips1.objectPath, interface: Tips1.name, member: method.name)
        }
        try message.append(arguments)
        return message
    }

    /// What is wrong with a decoded reply from a service speaking `spelling`, or `nil` when it is the expected
    /// answer: each tip of this build's contract decoded as its `Tips1.Tip`, so a key missing or of another type is a
    /// problem.
    func problem(with values: [DBusValue], in spelling: ContractSpelling) -> String? {
        if spelling == .previous { return previousProblem(with: values) }
        switch self {
        case .ping:
            return nil
        case .getTipsOne:
            guard let tips = Self.tips(values.first) else { return "the reply is not a list of the contract's tips" }
            return tips.map(\.id) == [Self.readTip] ? nil : "the reply is not the tip '\(Self.readTip)' alone"
        case .presentTip:
            guard let (shown, tip) = Self.presented(values) else { return "the reply is not (shown, the tip)" }
            return !shown && tip?.id == Self.waitingTip ? nil : "'\(Self.waitingTip)' was not answered as not shown"
        case .propertyGet:
            return values.first?.variantValue?.uint32Value == nil ? "the reply is not a variant holding a u" : nil
        case .getTipsAll:
            guard let tips = Self.tips(values.first) else { return "the reply is not a list of the contract's tips" }
            return tips.count == 7 ? nil : "the reply lists \(tips.count) tips, expected 7"
        case .presentNextTipShown:
            guard let (shown, tip) = Self.presented(values) else { return "the reply is not (shown, the tip)" }
            return shown && tip != nil ? nil : "no tip was shown at DayView"
        case .presentNextTipNone:
            guard let (shown, tip) = Self.presented(values) else { return "the reply is not (shown, the tip)" }
            return !shown && tip == nil ? nil : "'\(tip?.id ?? "?")' was shown at CustomizeContentView, expected none"
        case .logMood:
            return (values.first?.uint32Value ?? 0) > 0 ? nil : "the reply is not a positive mood count"
        case .busGetID:
            return values.first?.stringValue?.utf8.count == 32 ? nil : "the reply is not a 32-digit bus id"
        }
    }

    /// The contract's method, for the calls of `org.feels.Tips1`.
    private var method: Tips1.Method {
        switch self {
        case .getTipsOne, .getTipsAll: .getTips
        case .presentTip: .presentTip
        case .presentNextTipShown, .presentNextTipNone: .presentNextTip
        default: .logMood
        }
    }

    private var arguments: [DBusValue] {
        switch self {
        case .getTipsOne: [.strings([Self.readTip]), Tips1.GetTipsOptions().encoded]
        case .getTipsAll: [.strings([]), Tips1.GetTipsOptions().encoded]
        case .presentTip: [.string(Self.waitingTip), Tips1.PresentOptions().encoded]
        case .propertyGet: [.string(Tips1.name.rawValue), .string(Tips1.Property.moodLogCount.name.rawValue)]
        case .presentNextTipShown: [.string("DayView"), Tips1.PresentOptions().encoded]
        case .presentNextTipNone: [.string("CustomizeContentView"), Tips1.PresentOptions().encoded]
        case .logMood: [.string("good"), Tips1.LogOptions().encoded]
        case .ping, .busGetID: []
        }
    }

    /// The tips of a `GetTips` reply, decoded by the contract; `nil` when any is not one.
    private static func tips(_ value: DBusValue?) -> [Tips1.Tip]? {
        (try? value?.dictionaries(Tips1.Tip.init(decoding:))) ?? nil
    }

    /// A present's reply, decoded by the contract: whether shown, and the tip (`nil` for an empty dictionary).
    private static func presented(_ values: [DBusValue]) -> (Bool, Tips1.Tip?)? {
        guard values.count == 2, let shown = values[0].boolValue,
            let entries = values[1].vardictValue
        else { return nil }
        if entries.isEmpty { return (shown, nil) }
        guard let tip = try? Tips1.Tip(decoding: entries) else { return nil }
        return (shown, tip)
    }
}
