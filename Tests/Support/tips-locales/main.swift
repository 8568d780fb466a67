// tips-locales --address ADDRESS --pid PID --names N [--every N] [--window N]
//
// Asks the service at ADDRESS (process PID) for GetLocalizedTip in N locale names it has never seen, every one
// different: names of no language, names of a language with a catalog but a territory no system has, and strings
// that are no locale name at all, every tenth through ListLocalizedTips. Each reply must be the service's own words
// and say so. After every --every names (default 10,000) it prints the service's resident set:
//
//   tips-locales: 10000 names: VmRSS 7912 kB
//
// and at the end "tips-locales: N names in S s, every reply the service's own words". Exits 1 on a wrong reply.

import DBus
import Glibc

func fail(_ message: String, status: Int32) -> Never {
    let text = "tips-locales: \(message)\n"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(status)
}

var address: String?
var pid = 0
var names = 0
var every = 10_000
var window = 16
var remaining = CommandLine.arguments.dropFirst()
while let option = remaining.popFirst() {
    guard let value = remaining.popFirst() else { fail("option '\(option)' needs a value", status: 2) }
    switch option {
    case "--address": address = value
    case "--pid": pid = Int(value) ?? 0
    case "--names": names = Int(value) ?? 0
    case "--every": every = Int(value) ?? 0
    case "--window": window = Int(value) ?? 0
    default: fail("unknown option '\(option)'", status: 2)
    }
}
guard let address, pid > 0, names > 0, every > 0, window > 0 else {
    fail("usage: tips-locales --address ADDRESS --pid PID --names N [--every N] [--window N]", status: 2)
}

/// The service's resident set, in kB, from /proc/PID/status.
func residentKilobytes(of pid: Int) -> Int {
    let file = fopen("/proc/\(pid)/status", "r")
    guard let file else { fail("cannot read /proc/\(pid)/status", status: 1) }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmRSS:") {
            let field = text.dropFirst(6).split { $0 == " " || $0 == "\t" }.first ?? ""
            guard let kilobytes = Int(field) else { break }
            return kilobytes
        }
    }
    fail("no VmRSS in /proc/\(pid)/status", status: 1)
}

/// The `index`-th name: three kinds in turn, none of them a locale this or any system has.
func localeName(_ index: Int) -> String {
    var letters = ""
    var rest = index
    repeat {
        letters.append(Character(Unicode.Scalar(UInt8(97 + rest % 26))))
        rest /= 26
    } while rest > 0
    switch index % 3 {
    case 0: return "q\(letters)_ZZ.UTF-8"
    case 1: return "de_\(letters.uppercased())\(index % 7).UTF-8@\(letters)"
    default: return "/\(letters)/../\(index)"
    }
}

let service: BusName = "org.feels.Tips"
let path: ObjectPath = "/org/feels/Tips"
let connection: DBusConnection
let own: (title: String, locale: String)
do {
    connection = try DBusConnection(address: address)
    let reply = try connection.call(
        destination: service, path: path, interface: "org.feels.Tips1", member: "GetLocalizedTip",
        arguments: [.string("MoodStreakTip"), .string("")], timeout: .seconds(60))
    let tip = reply.first?.vardictValue ?? [:]
    own = (tip["title"]?.stringValue ?? "", tip["locale"]?.stringValue ?? "")
} catch {
    fail("\(error)", status: 1)
}

var inFlight = 0
var wrong: [String] = []
let started = ContinuousClock.now
print("tips-locales: 0 names: VmRSS \(residentKilobytes(of: pid)) kB")
for index in 0..<names {
    let name = localeName(index)
    let listing = index % 10 == 9
    do {
        let message = try DBusMessage.methodCall(
            destination: service, path: path, interface: "org.feels.Tips1",
            member: listing ? "ListLocalizedTips" : "GetLocalizedTip")
        try message.append(listing ? [.string(name)] : [.string("MoodStreakTip"), .string(name)])
        inFlight += 1
        try connection.send(message, timeout: .seconds(120)) { result in
            inFlight -= 1
            let tip: [String: DBusValue]?
            switch result {
            case .success(let values):
                tip = listing ? values.first?.arrayValue?.last?.vardictValue : values.first?.vardictValue
            case .failure(let error):
                if wrong.count < 10 { wrong.append("'\(name)': \(error)") }
                return
            }
            if tip?["title"]?.stringValue != own.title || tip?["locale"]?.stringValue != own.locale, wrong.count < 10 {
                wrong.append("'\(name)': \(String(describing: tip?["title"])) in \(String(describing: tip?["locale"]))")
            }
        }
        while inFlight >= window {
            guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { fail("lost the bus", status: 1) }
        }
    } catch {
        fail("\(error)", status: 1)
    }
    if (index + 1) % every == 0 || index + 1 == names {
        while inFlight > 0 {
            guard connection.readWriteDispatch(timeout: .milliseconds(100)) else { fail("lost the bus", status: 1) }
        }
        print("tips-locales: \(index + 1) names: VmRSS \(residentKilobytes(of: pid)) kB")
        fflush(nil)
    }
}
let elapsed = ContinuousClock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
for line in wrong {
    print("tips-locales: WRONG \(line)")
}
print(
    "tips-locales: \(names) names in \(Int(seconds.rounded())) s, "
        + (wrong.isEmpty ? "every reply the service's own words ('\(own.locale)')" : "wrong replies"))
exit(wrong.isEmpty ? 0 : 1)
