// tips-flood ADDRESS COUNT MEMBER [ARGUMENT...]
//
// A client that never reads its replies: sends COUNT calls of org.feels.Tips1.MEMBER to org.feels.Tips on the bus at
// ADDRESS as fast as the bus takes them, prints "sent COUNT", then waits, reading nothing, until it is killed. The
// reliability tests and the benchmark use it to show that one such client slows nobody else.
//
// Each ARGUMENT is one argument of the calls: `s:TEXT` a string, `as:` an empty array of strings, `a{sv}:` an empty
// dictionary of options (GetTips takes `as: a{sv}:`).

import DBus
import Glibc

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[2]), count > 0 else {
    print("usage: tips-flood ADDRESS COUNT MEMBER [s:TEXT | as: | a{sv}: ...]")
    exit(2)
}
var body: [DBusValue] = []
for argument in arguments.dropFirst(4) {
    if argument.hasPrefix("s:") {
        body.append(.string(String(argument.dropFirst(2))))
    } else if argument == "as:" {
        body.append(.strings([]))
    } else if argument == "a{sv}:" {
        body.append(.vardict([]))
    } else {
        print("tips-flood: '\(argument)' is not an argument; expected s:TEXT, as: or a{sv}:")
        exit(2)
    }
}
do throws(DBusError) {
    let connection = try DBusConnection(address: arguments[1])
    let member = try MemberName(arguments[3])
    for _ in 0..<count {
        let call = try DBusMessage.methodCall(
            destination: "org.feels.Tips", path: "/org/feels/Tips", interface: "org.feels.Tips1", member: member)
        try call.append(body)
        try connection.send(call)
    }
    connection.flush()
    print("sent \(count)")
    fflush(nil)
    while true { pause() }
} catch {
    print("tips-flood: \(error)")
    exit(1)
}
