import BusTestSupport
import DBus
import Testing

/// Caller text quoted in an error message is cut short whatever the text. Issue 9 found a 100 MiB name echoed back
/// whole; the cut keeps 64 Characters, but one letter followed by a million combining accents is a single Character of
/// 2 MiB, so the cut keeps it all; and an unknown object's path, which has no length limit, is not cut at all. Found
/// while writing tips-fuzz, whose replies are now held to the same bound.
@Suite("Caller text in error messages")
struct EchoedTextTests {
    /// A call whose error quotes one argument, which the test makes one huge Character, or its path.
    struct Call: CustomTestStringConvertible, Sendable {
        let interface: String
        let member: String
        /// The arguments, `nil` where the huge Character goes.
        let arguments: [String?]
        let error: String
        /// Whether the call goes to a path of 2 MiB instead of the service's object.
        var hugePath = false

        var testDescription: String {
            "\(member)(" + arguments.map { $0.map { "'\($0)'" } ?? "a 2 MiB character" }.joined(separator: ", ") + ")"
                + (hugePath ? " at a 2 MiB path" : "")
        }
    }

    /// `x` and 2^20 combining acute accents: 2 MiB of UTF-8, one extended grapheme cluster.
    static let oneHugeCharacter = "x" + String(repeating: "\u{301}", count: 1 << 20)
    /// A valid object path of 2 MiB, where nothing lives.
    static let hugePath = "/" + String(repeating: "a", count: 2 << 20)

    static let calls = [
        Call(
            interface: "org.feels.Tips1", member: "LogMood", arguments: [nil],
            error: "org.feels.Tips1.Error.InvalidMood"),
        Call(
            interface: "org.feels.Tips1", member: "GetTip", arguments: [nil], error: "org.feels.Tips1.Error.UnknownTip"),
        Call(
            interface: "org.feels.Tips1", member: "EligibleTips", arguments: [nil],
            error: "org.freedesktop.DBus.Error.InvalidArgs"),
        Call(
            interface: "org.feels.Tips1", member: "SetDisplayFrequency", arguments: [nil],
            error: "org.freedesktop.DBus.Error.InvalidArgs"),
        Call(
            interface: "org.freedesktop.DBus.Properties", member: "Get", arguments: [nil, "MoodLogCount"],
            error: "org.freedesktop.DBus.Error.UnknownInterface"),
        Call(
            interface: "org.freedesktop.DBus.Properties", member: "Get", arguments: ["org.feels.Tips1", nil],
            error: "org.freedesktop.DBus.Error.UnknownProperty"),
        Call(
            interface: "org.feels.Tips1", member: "ListTips", arguments: [],
            error: "org.freedesktop.DBus.Error.UnknownObject", hugePath: true),
    ]

    @Test(arguments: calls)
    func aHugeCharacterIsNotEchoedBackWhole(_ call: Call) throws {
        let service = try RunningService()
        do throws(DBusError) {
            try service.client.call(
                destination: RunningService.name, path: call.hugePath ? ObjectPath(Self.hugePath) : RunningService.path,
                interface: InterfaceName(call.interface),
                member: MemberName(call.member), arguments: call.arguments.map { .string($0 ?? Self.oneHugeCharacter) },
                timeout: .seconds(30))
            Issue.record("\(call.testDescription) succeeded")
        } catch {
            guard case .remote(let name, let message) = error else { throw error }
            #expect(name == call.error)
            #expect(message.utf8.count < 1_000, "a \(message.utf8.count)-byte message")
        }
        #expect(service.answersPing())
    }
}
