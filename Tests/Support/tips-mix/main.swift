// tips-mix --address ADDRESS --calls N [--window N]
//
// Makes N calls to org.feels.Tips, cycling through a fixed mix of every member of the contract (the testing switches
// too: the service runs with --testing), with options of every kind, reads, writes, property reads and calls that
// must fail with a named error, up to --window (default 8) waiting for their replies at once. Waits up to two minutes
// for the service to own its name first (it may be starting under valgrind). Checks that each call gets the reply its
// row expects, prints the figures, and exits 0 when every reply was as expected, 1 when not, 2 on a usage error.
// scripts/memcheck runs it against feels-tipsd under valgrind.

import DBus
import Glibc
import TipsInterface

/// One row of the mix: a call, and the error it must get (`nil`: a method return).
struct MixedCall {
    let interface: InterfaceName
    let member: MemberName
    let arguments: [DBusValue]
    let error: String?

    init(_ method: Tips1.Method, _ arguments: [DBusValue] = [], error: String? = nil) {
        self.init(Tips1.name, method.name, arguments, error: error)
    }

    init(_ method: Tips1Testing.Method, _ arguments: [DBusValue] = [], error: String? = nil) {
        self.init(Tips1Testing.name, method.name, arguments, error: error)
    }

    init(_ interface: InterfaceName, _ member: MemberName, _ arguments: [DBusValue] = [], error: String? = nil) {
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.error = error
    }
}

let properties: InterfaceName = "org.freedesktop.DBus.Properties"
let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
let none = Tips1.GetTipsOptions().encoded
let moodLogCount = DBusValue.string(Tips1.Property.moodLogCount.rawValue)

// Every member of the contract, reads and writes, options of every kind, and calls refused with a named error.
let mix = [
    MixedCall(.logMood, [.string("great"), Tips1.LogOptions().encoded]),
    MixedCall(.getTips, [.strings(["TimeViewTip"]), none]),
    MixedCall(properties, "Get", [.string(Tips1.name.rawValue), moodLogCount]),
    MixedCall(.logMood, [.string("meh"), Tips1.LogOptions().encoded], error: Tips1.Error.invalidMood.rawValue),
    MixedCall(.getTips, [.strings([]), none]),
    MixedCall(properties, "GetAll", [.string(Tips1.name.rawValue)]),
    MixedCall(.presentNextTip, [.string(""), Tips1.PresentOptions().encoded]),
    MixedCall(.getTips, [.strings(["NoSuchTip"]), none], error: Tips1.Error.unknownTip.rawValue),
    MixedCall(.getTips, [.strings([]), Tips1.GetTipsOptions(location: "DayView").encoded]),
    MixedCall(
        .getTips, [.strings([]), Tips1.GetTipsOptions(location: "Kitchen").encoded],
        error: Tips1.Error.unknownLocation.rawValue),
    MixedCall(.updateStreak, [.uint32(3)]),
    MixedCall(.presentTip, [.string("WidgetVotingTip"), Tips1.PresentOptions(record: false).encoded]),
    MixedCall(
        .presentTip,
        [.string("WidgetVotingTip"), .vardict([(Tips1.PresentOptions.Key.record.rawValue, .string("no"))])],
        error: invalidArgs),
    MixedCall(.invalidateTip, [.string("TimeViewTip"), .string("closed")], error: Tips1.Error.invalidReason.rawValue),
    MixedCall(.getTips, [.strings(["AIInsightsTip"]), Tips1.GetTipsOptions(languages: ["de_DE.UTF-8"]).encoded]),
    MixedCall(.claimNotificationTip, [Tips1.WordsOptions(languages: ["de-DE", "en"]).encoded]),
    MixedCall(.releaseNotificationTip, [.string("CustomizeLayoutTip"), .boolean(false)]),
    MixedCall(.settingsViewed),
    MixedCall(Tips1.name, "Fly", error: "org.freedesktop.DBus.Error.UnknownMethod"),
    MixedCall(.logMood, [.uint32(5)], error: invalidArgs),
    MixedCall("org.freedesktop.DBus.Introspectable", "Introspect"),
    MixedCall("org.freedesktop.DBus.Peer", "Ping"),
    MixedCall(.presentNextTip, [.string("DayView"), Tips1.PresentOptions(record: false).encoded]),
    MixedCall(.showTips, [.strings(["TimeViewTip"])]),
    MixedCall(
        properties, "Set", [.string(Tips1.name.rawValue), moodLogCount, .variant(.uint32(9))],
        error: "org.freedesktop.DBus.Error.PropertyReadOnly"),
    MixedCall(
        properties, "Get", [.string(Tips1Testing.name.rawValue), .string(Tips1Testing.Property.activeSwitch.rawValue)]),
    MixedCall(.clearSwitches),
    MixedCall(.showAllTips),
    MixedCall(.hideAllTips),
    MixedCall(.clearSwitches),
    MixedCall(.setDisplayFrequency, [.string("hourly")]),
    MixedCall(.updateDaysUsingApp, [.uint32(36_526)], error: invalidArgs),
    MixedCall(.exportMoods),
    MixedCall(.getTips, [.strings([]), Tips1.GetTipsOptions(languages: ["C"]).encoded]),
    MixedCall(.forgetMoods),
    MixedCall(.resetAllTips),
]

func fail(_ message: String, status: Int32) -> Never {
    let text = "tips-mix: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

var address: String?
var calls = 0
var window = 8
var remaining = CommandLine.arguments.dropFirst()
while let option = remaining.popFirst() {
    guard let value = remaining.popFirst() else { fail("option '\(option)' needs a value", status: 2) }
    switch option {
    case "--address": address = value
    case "--calls": calls = Int(value) ?? 0
    case "--window": window = Int(value) ?? 0
    default: fail("unknown option '\(option)'", status: 2)
    }
}
guard let address, calls > 0, window > 0 else {
    fail("usage: tips-mix --address ADDRESS --calls N [--window N]", status: 2)
}

let name = Tips1.busName
let connection: DBusConnection
do {
    connection = try DBusConnection(address: address)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(120)
    while try connection.call(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        member: "NameHasOwner", arguments: [.string(name.rawValue)]
    ).first?.boolValue != true {
        guard clock.now < deadline else { fail("nobody owns '\(name)' after two minutes", status: 1) }
        usleep(100_000)
    }
} catch {
    fail("\(error)", status: 1)
}

var returns = 0
var errors: [String: Int] = [:]
var unexpected: [String] = []
var inFlight = 0
let started = ContinuousClock.now
for index in 0..<calls {
    let row = mix[index % mix.count]
    do {
        let message = try DBusMessage.methodCall(
            destination: name, path: Tips1.objectPath, interface: row.interface, member: row.member)
        try message.append(row.arguments)
        inFlight += 1
        try connection.send(message, timeout: .seconds(300)) { result in
            inFlight -= 1
            let got: String?
            switch result {
            case .success:
                returns += 1
                got = nil
            case .failure(.remote(let errorName, _)):
                errors[errorName, default: 0] += 1
                got = errorName
            case .failure(let error):
                got = "\(error)"
            }
            if got != row.error, unexpected.count < 10 {
                unexpected.append("\(row.member): expected \(row.error ?? "a return"), got \(got ?? "a return")")
            }
        }
        while inFlight >= window {
            guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { fail("lost the bus", status: 1) }
        }
    } catch {
        fail("\(error)", status: 1)
    }
}
while inFlight > 0 {
    guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { fail("lost the bus", status: 1) }
}
let elapsed = ContinuousClock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let errorList = errors.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
print("tips-mix: \(calls) calls in \(Int(seconds)) s: \(returns) returns; errors: \(errorList)")
for line in unexpected {
    print("tips-mix: UNEXPECTED \(line)")
}
exit(unexpected.isEmpty ? 0 : 1)
