import DBus
import TipsInterface

/// The bench's calls as the contract before 0.2.0 spells them, for an A/B against a build from before it changed:
/// the same work of an app in the calls it had for it. A name the contract kept (`LogMood`, `MoodLogCount`, the
/// tip's `id` key) is the generated one; the others are 0.1's, which no longer exist.
extension CallKind {
    /// The call in 0.1's spelling: `GetTip(s)`, `DisplayTip(s)`, `ListTips()`, `DisplayNextTip(s)`, `LogMood(s)`;
    /// Ping, `Properties.Get` and the bus's `GetId` as in ``message(to:)``.
    ///
    /// - Throws: As `DBusMessage.append(_:)`, for arguments the wire refuses.
    func previousMessage(to service: BusName) throws(DBusError) -> DBusMessage {
        let member: MemberName
        let arguments: [DBusValue]
        switch self {
        case .ping, .busGetID, .propertyGet:
            return try message(to: CallTarget(name: service, spelling: .current))
        case .getTipsOne: (member, arguments) = (ContractSpelling.previousGetTip, [.string(Self.readTip)])
        case .presentTip: (member, arguments) = ("DisplayTip", [.string(Self.waitingTip)])
        case .getTipsAll: (member, arguments) = ("ListTips", [])
        case .presentNextTipShown: (member, arguments) = ("DisplayNextTip", [.string("DayView")])
        case .presentNextTipNone: (member, arguments) = ("DisplayNextTip", [.string("CustomizeContentView")])
        case .logMood: (member, arguments) = (Tips1.Method.logMood.name, [.string("good")])
        }
        let message = try DBusMessage.methodCall(
            destination: service, path: Tips1.objectPath, interface: Tips1.name, member: member)
        try message.append(arguments)
        return message
    }

    /// The signature of 0.1's reply.
    var previousReplySignature: String {
        switch self {
        case .getTipsOne: "a{sv}"
        case .presentTip: "b"
        case .getTipsAll: "aa{sv}"
        case .presentNextTipShown, .presentNextTipNone: "s"
        case .ping, .busGetID, .propertyGet, .logMood: replySignature(in: .current)
        }
    }

    /// What is wrong with 0.1's reply, or `nil` when it is the expected answer.
    func previousProblem(with values: [DBusValue]) -> String? {
        let id = Tips1.Tip.Key.id.rawValue
        switch self {
        case .ping, .busGetID, .propertyGet, .logMood:
            return problem(with: values, in: .current)
        case .getTipsOne:
            return values.first?.vardictValue?[id]?.stringValue == Self.readTip
                ? nil : "the reply is not the tip '\(Self.readTip)'"
        case .presentTip:
            return values.first?.boolValue == false ? nil : "'\(Self.waitingTip)' was not answered as not shown"
        case .getTipsAll:
            let count = values.first?.arrayValue?.count ?? 0
            return count == 7 ? nil : "the reply lists \(count) tips, expected 7"
        case .presentNextTipShown:
            return (values.first?.stringValue ?? "").isEmpty ? "no tip was shown at DayView" : nil
        case .presentNextTipNone:
            let shown = values.first?.stringValue ?? "?"
            return shown.isEmpty ? nil : "'\(shown)' was shown at CustomizeContentView, expected none"
        }
    }
}
