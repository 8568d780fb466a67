import BusTestSupport
import DBus
import Testing
import TipsInterface

/// Caller text quoted in an error message is cut short whatever the text. A 100 MiB name was once echoed back
/// whole; the cut keeps 64 Characters, but one letter followed by a million combining accents is a single Character of
/// 2 MiB, so the cut keeps it all; and an unknown object's path, which has no length limit, is not cut at all. Found
/// while writing tips-fuzz, whose replies are now held to the same bound.
@Suite("Caller text in error messages")
struct EchoedTextTests {
    /// A call whose error quotes one argument, which the test makes one huge Character, or its path.
    struct Call: CustomTestStringConvertible, Sendable {
        let interface: InterfaceName
        let member: MemberName
        /// Where the huge Character goes, as the test names the call.
        let shape: String
        /// The arguments, given the huge Character.
        let arguments: @Sendable (String) -> [DBusValue]
        let error: String
        /// Whether the call goes to a path of 2 MiB instead of the service's object.
        var hugePath = false

        var testDescription: String {
            "\(member.rawValue)(\(shape))" + (hugePath ? " at a 2 MiB path" : "")
        }
    }

    /// `x` and 2^20 combining acute accents: 2 MiB of UTF-8, one extended grapheme cluster.
    static let oneHugeCharacter = "x" + String(repeating: "\u{301}", count: 1 << 20)
    /// A valid object path of 2 MiB, where nothing lives.
    static let hugePath = "/" + String(repeating: "a", count: 2 << 20)

    static let properties: InterfaceName = "org.freedesktop.DBus.Properties"
    static let invalidArgs = RunningService.invalidArgs

    static let calls = [
        Call(
            interface: Tips1.name, member: Tips1.Method.logMood.name, shape: "huge, {}",
            arguments: { [.string($0), .vardict([])] }, error: Tips1.Error.invalidMood.rawValue),
        // Was GetTip.
        Call(
            interface: Tips1.name, member: Tips1.Method.getTips.name, shape: "[huge], {}",
            arguments: { [.strings([$0]), .vardict([])] }, error: Tips1.Error.unknownTip.rawValue),
        // Was EligibleTips, answered InvalidArgs in 0.1.0.
        Call(
            interface: Tips1.name, member: Tips1.Method.getTips.name, shape: "[], {location: huge}",
            arguments: { [.strings([]), Tips1.GetTipsOptions(location: $0).encoded] },
            error: Tips1.Error.unknownLocation.rawValue),
        Call(
            interface: Tips1.name, member: Tips1.Method.presentTip.name, shape: "huge, {}",
            arguments: { [.string($0), .vardict([])] }, error: Tips1.Error.unknownTip.rawValue),
        Call(
            interface: Tips1.name, member: Tips1.Method.presentNextTip.name, shape: "huge, {}",
            arguments: { [.string($0), .vardict([])] }, error: Tips1.Error.unknownLocation.rawValue),
        Call(
            interface: Tips1.name, member: Tips1.Method.invalidateTip.name, shape: "TimeViewTip, huge",
            arguments: { [.string("TimeViewTip"), .string($0)] }, error: Tips1.Error.invalidReason.rawValue),
        Call(
            interface: Tips1Testing.name, member: Tips1Testing.Method.setDisplayFrequency.name, shape: "huge",
            arguments: { [.string($0)] }, error: invalidArgs),
        Call(
            interface: Tips1Testing.name, member: Tips1Testing.Method.showTips.name, shape: "[huge]",
            arguments: { [.strings([$0])] }, error: Tips1.Error.unknownTip.rawValue),
        Call(
            interface: properties, member: "Get", shape: "huge, MoodLogCount",
            arguments: { [.string($0), .string(Tips1.Property.moodLogCount.rawValue)] },
            error: "org.freedesktop.DBus.Error.UnknownInterface"),
        Call(
            interface: properties, member: "Get", shape: "org.feels.Tips1, huge",
            arguments: { [.string(Tips1.name.rawValue), .string($0)] },
            error: "org.freedesktop.DBus.Error.UnknownProperty"),
        Call(
            interface: Tips1.name, member: Tips1.Method.getTips.name, shape: "[], {}",
            arguments: { _ in [.strings([]), .vardict([])] }, error: "org.freedesktop.DBus.Error.UnknownObject",
            hugePath: true),
    ]

    @Test(arguments: calls)
    func aHugeCharacterIsNotEchoedBackWhole(_ call: Call) throws {
        let service = try RunningService()
        do throws(DBusError) {
            try service.client.call(
                destination: RunningService.name, path: call.hugePath ? ObjectPath(Self.hugePath) : RunningService.path,
                interface: call.interface, member: call.member, arguments: call.arguments(Self.oneHugeCharacter),
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
