// tips-flood ADDRESS COUNT MEMBER
//
// A client that never reads its replies: sends COUNT calls of org.feels.Tips1.MEMBER, a method of the contract, each
// input as plain as its type allows ('' , 0, false, an empty array or dictionary: GetTips then asks for every tip),
// or of org.freedesktop.DBus.Peer.Ping when MEMBER is Peer.Ping (answered before every other call), to
// org.feels.Tips on the bus at ADDRESS as fast as the bus takes them, prints "sent COUNT", then waits, reading
// nothing, until it is killed. The reliability tests and the benchmark use it to show that one such client slows
// nobody else.

import DBus
import Glibc
import TipsInterface

/// The plainest value of `signature`: `''`, 0, false, an empty array or dictionary.
func plainest(_ signature: DBusSignature) throws(DBusError) -> DBusValue {
    let text = signature.rawValue
    switch text.first {
    case "s": return .string("")
    case "o": return .objectPath(.root)
    case "g": return .signature(.empty)
    case "b": return .boolean(false)
    case "y": return .byte(0)
    case "n": return .int16(0)
    case "q": return .uint16(0)
    case "i": return .int32(0)
    case "u": return .uint32(0)
    case "x": return .int64(0)
    case "t": return .uint64(0)
    case "d": return .double(0)
    case "v": return .variant(.string(""))
    case "a" where text.hasPrefix("a{"):
        let key = try DBusSignature(String(text.dropFirst(2).prefix(1)))
        return .dictionary(key: key, value: try DBusSignature(String(text.dropFirst(3).dropLast())), [])
    case "a": return .array(try DBusSignature(String(text.dropFirst())), [])
    default: throw .invalidSignature(text, reason: "tips-flood has no plain value of it")
    }
}

let arguments = CommandLine.arguments
let methods = Tips1.definition(serving: nil).methods
let peerPing = "Peer.Ping"
guard arguments.count == 4, let count = Int(arguments[2]), count > 0,
    arguments[3] == peerPing || methods.contains(where: { $0.name.rawValue == arguments[3] })
else {
    let members = [peerPing] + methods.map(\.name.rawValue)
    print("usage: tips-flood ADDRESS COUNT MEMBER, MEMBER one of \(members.joined(separator: ", "))")
    exit(2)
}
let method = methods.first { $0.name.rawValue == arguments[3] }
do throws(DBusError) {
    let connection = try DBusConnection(address: arguments[1])
    var inputs: [DBusValue] = []
    for input in method?.inputs ?? [] { inputs.append(try plainest(input)) }
    for _ in 0..<count {
        let call =
            if let method {
                try DBusMessage.methodCall(
                    destination: Tips1.busName, path: Tips1.objectPath, interface: Tips1.name, member: method.name)
            } else {
                try DBusMessage.methodCall(
                    destination: Tips1.busName, path: Tips1.objectPath, interface: "org.freedesktop.DBus.Peer",
                    member: "Ping")
            }
        try call.append(inputs)
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
