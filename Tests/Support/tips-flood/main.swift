// tips-flood ADDRESS COUNT MEMBER
//
// A client that never reads its replies: sends COUNT calls of org.feels.Tips1.MEMBER (no arguments) to
// org.feels.Tips on the bus at ADDRESS as fast as the bus takes them, prints "sent COUNT", then waits, reading nothing,
// until it is killed. The reliability tests and the benchmark use it to show that one such client slows nobody else.

import DBus
import Glibc

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), count > 0 else {
    print("usage: tips-flood ADDRESS COUNT MEMBER")
    exit(2)
}
do throws(DBusError) {
    let connection = try DBusConnection(address: arguments[1])
    for _ in 0..<count {
        let call = try DBusMessage.methodCall(
            destination: "org.feels.Tips", path: "/org/feels/Tips", interface: "org.feels.Tips1",
            member: MemberName(arguments[3]))
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
