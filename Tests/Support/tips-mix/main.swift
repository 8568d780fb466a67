// tips-mix --address ADDRESS --calls N [--window N]
//
// Makes N calls to org.feels.Tips, cycling through a fixed mix of reads, writes, property reads and calls that must
// fail with a named error, up to --window (default 8) waiting for their replies at once. Waits up to two minutes for
// the service to own its name first (it may be starting under valgrind). Checks that each call gets the reply its
// row expects, prints the figures, and exits 0 when every reply was as expected, 1 when not, 2 on a usage error.
// scripts/memcheck runs it against feels-tipsd under valgrind.

import DBus
import Glibc

/// One row of the mix: a call, and the error it must get (`nil`: a method return).
struct MixedCall {
    let interface: InterfaceName
    let member: MemberName
    let arguments: [DBusValue]
    let error: String?

    init(_ member: MemberName, _ arguments: [DBusValue] = [], error: String? = nil, interface: InterfaceName = tips) {
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.error = error
    }
}

let tips: InterfaceName = "org.feels.Tips1"
let properties: InterfaceName = "org.freedesktop.DBus.Properties"
let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

let mix = [
    MixedCall("LogMood", [.string("great")]),
    MixedCall("GetTip", [.string("TimeViewTip")]),
    MixedCall("Get", [.string("org.feels.Tips1"), .string("MoodLogCount")], interface: properties),
    MixedCall("LogMood", [.string("meh")], error: "org.feels.Tips1.Error.InvalidMood"),
    MixedCall("ListTips"),
    MixedCall("GetAll", [.string("org.feels.Tips1")], interface: properties),
    MixedCall("DisplayNextTip", [.string("")]),
    MixedCall("GetTip", [.string("NoSuchTip")], error: "org.feels.Tips1.Error.UnknownTip"),
    MixedCall("EligibleTips", [.string("DayView")]),
    MixedCall("UpdateStreak", [.uint32(3)]),
    MixedCall("ShouldDisplayTip", [.string("WidgetVotingTip")]),
    MixedCall(
        "InvalidateTip", [.string("TimeViewTip"), .string("closed")], error: "org.feels.Tips1.Error.InvalidReason"),
    MixedCall("GetLocalizedTip", [.string("AIInsightsTip"), .string("de_DE.UTF-8")]),
    MixedCall("SettingsViewed"),
    MixedCall("Fly", error: "org.freedesktop.DBus.Error.UnknownMethod"),
    MixedCall("LogMood", [.uint32(5)], error: invalidArgs),
    MixedCall("Introspect", interface: "org.freedesktop.DBus.Introspectable"),
    MixedCall("Ping", interface: "org.freedesktop.DBus.Peer"),
    MixedCall("PeekNextTip", [.string("DayView")]),
    MixedCall("ShowTipsForTesting", [.strings(["TimeViewTip"])]),
    MixedCall(
        "Set", [.string("org.feels.Tips1"), .string("MoodLogCount"), .variant(.uint32(9))],
        error: "org.freedesktop.DBus.Error.PropertyReadOnly", interface: properties),
    MixedCall("ClearTestingOverrides"),
    MixedCall("SetDisplayFrequency", [.string("hourly")]),
    MixedCall("UpdateDaysUsingApp", [.uint32(36_526)], error: invalidArgs),
    MixedCall("ExportMoods"),
    MixedCall("ListLocalizedTips", [.string("C")]),
    MixedCall("ResetAllTips"),
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

let name: BusName = "org.feels.Tips"
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
            destination: name, path: "/org/feels/Tips", interface: row.interface, member: row.member)
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
