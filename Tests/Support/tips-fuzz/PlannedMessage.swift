import DBus
import TipsInterface

/// One message of a run, before it is built: where it goes, what it calls with what, whether it wants a reply, and
/// what the reply must be.
struct PlannedMessage {
    /// The object path.
    var path: String
    /// The interface, or `nil` to let the service pick.
    var interface: String?
    /// The member.
    var member: String
    /// The body.
    var arguments: [DBusValue]
    /// Whether the call asks for a reply.
    var expectsReply: Bool
    /// What the reply must be.
    var expected: ExpectedReply
    /// What a method return must hold, where the contract says.
    var shape: ReplyShape?

    /// The members whose success changes `MoodLogCount` or the journal; calls of them always ask for a reply, so that
    /// the run knows what the counts must be at the end.
    static let countingMembers = Set(
        [Tips1.Method.logMood, .forgetMoods, .resetAllTips].map(\.rawValue))

    /// Builds the message through the binding, whose checks refuse what the wire does not allow.
    ///
    /// - Throws: `DBusError` when the binding refuses a name or the body.
    func message(to destination: BusName) throws(DBusError) -> DBusMessage {
        let message = try DBusMessage.methodCall(
            destination: destination, path: try ObjectPath(path),
            interface: try interface.map { (text: String) throws(DBusError) in try InterfaceName(text) },
            member: try MemberName(member))
        try message.append(arguments)
        message.noReplyExpected = !expectsReply
        return message
    }
}
